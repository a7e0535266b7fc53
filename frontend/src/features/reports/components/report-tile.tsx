import { Badge, Box, Flex, Stat } from '@chakra-ui/react'

type ReportTileProps = {
  label: string
  value: string
  /** A line under the figure, e.g. the transaction count. */
  help?: string
  color?: string
  /** A chip beside the label (Surplus / Deficit). */
  badge?: { text: string; palette: string }
}

/** One figure of the report's summary. */
export function ReportTile({ label, value, help, color, badge }: ReportTileProps) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0">
      <Stat.Root>
        <Flex align="center" justify="space-between" gap="2" wrap="wrap">
          <Stat.Label fontSize={{ base: 'xs', md: 'sm' }}>{label}</Stat.Label>
          {badge ? (
            <Badge colorPalette={badge.palette} size="sm" data-testid={`tile-badge-${label}`}>
              {badge.text}
            </Badge>
          ) : null}
        </Flex>
        <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }} color={color} truncate data-testid={`tile-${label}`}>
          {value}
        </Stat.ValueText>
        {help ? (
          <Stat.HelpText fontSize="xs" color="fg.muted">
            {help}
          </Stat.HelpText>
        ) : null}
      </Stat.Root>
    </Box>
  )
}
