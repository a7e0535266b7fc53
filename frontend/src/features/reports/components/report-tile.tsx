import { Badge, Box, Stat } from '@chakra-ui/react'

type ReportTileProps = {
  label: string
  value: string
  /** A line under the figure, e.g. the transaction count. */
  help?: string
  color?: string
  /** A chip beside the label (Surplus / Deficit; none for a net of zero). */
  badge?: { text: string; palette: string }
}

/** One figure of the report's summary. */
export function ReportTile({ label, value, help, color, badge }: ReportTileProps) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0">
      <Stat.Root>
        {/* The chip sits inside the term, as a <dl> holds only terms and definitions. */}
        <Stat.Label fontSize={{ base: 'xs', md: 'sm' }} display="flex" justifyContent="space-between" gap="2" flexWrap="wrap">
          <span>{label}</span>
          {badge ? (
            <Badge colorPalette={badge.palette} size="sm" data-testid={`tile-badge-${label}`}>
              {badge.text}
            </Badge>
          ) : null}
        </Stat.Label>
        <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }} color={color} truncate data-testid={`tile-${label}`}>
          {value}
        </Stat.ValueText>
        {help ? (
          <Stat.HelpText as="dd" fontSize="xs" color="fg.muted">
            {help}
          </Stat.HelpText>
        ) : null}
      </Stat.Root>
    </Box>
  )
}
