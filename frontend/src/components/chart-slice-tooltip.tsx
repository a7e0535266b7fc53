import { Box, HStack, Text } from '@chakra-ui/react'
import { formatMoney } from '@/lib/format'

type SlicePoint = {
  id: string
  seriesId: string | number
  seriesColor: string
  data: { y: unknown }
}

type ChartSliceTooltipProps = {
  /** The slice's heading: its x value (a month, a day), with anything the chart adds. */
  title: string
  points: readonly SlicePoint[]
}

/** A line chart's tooltip for one x value: each series' colour, name and amount in pounds. */
export function ChartSliceTooltip({ title, points }: ChartSliceTooltipProps) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md">
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        {title}
      </Text>
      {points.map((p) => (
        <HStack key={p.id} gap="2" fontSize="sm">
          <Box boxSize="2.5" rounded="full" style={{ backgroundColor: p.seriesColor }} />
          <Text>
            {p.seriesId}: {formatMoney(Number(p.data.y))}
          </Text>
        </HStack>
      ))}
    </Box>
  )
}
