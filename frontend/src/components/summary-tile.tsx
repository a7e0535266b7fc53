import { Box, type BoxProps, HStack, Icon, Stat } from '@chakra-ui/react'
import type { LucideIcon } from 'lucide-react'

type SummaryTileProps = {
  label: string
  value: string
  /** A Chakra colour token for the value. */
  color?: string
  icon?: LucideIcon
  /** Palette of the icon badge. */
  palette?: string
  /** A line under the figure saying what it covers, e.g. 'This month'. */
  caption?: string
  gridColumn?: BoxProps['gridColumn']
}

/** A figure with its label, used by the summaries of the ledger screens. */
export function SummaryTile(props: SummaryTileProps) {
  const { label, value, color, icon: TileIcon, palette = 'teal', caption, gridColumn } = props
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0" gridColumn={gridColumn}>
      <HStack gap="3" align="center">
        {TileIcon ? (
          <Box
            display={{ base: 'none', sm: 'flex' }}
            flexShrink={0}
            boxSize="10"
            rounded="md"
            alignItems="center"
            justifyContent="center"
            bg={`${palette}.subtle`}
            color={`${palette}.fg`}
          >
            <Icon asChild boxSize="5">
              <TileIcon aria-hidden="true" />
            </Icon>
          </Box>
        ) : null}
        <Stat.Root minW="0">
          <Stat.Label fontSize={{ base: 'xs', md: 'sm' }}>{label}</Stat.Label>
          <Stat.ValueText
            fontSize={{ base: 'md', md: 'xl' }}
            color={color}
            truncate
            data-testid={`tile-${label}`}
          >
            {value}
          </Stat.ValueText>
          {caption ? (
            <Stat.HelpText as="dd" fontSize="xs" color="fg.muted">
              {caption}
            </Stat.HelpText>
          ) : null}
        </Stat.Root>
      </HStack>
    </Box>
  )
}
