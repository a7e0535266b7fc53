import { Box, HStack, Text } from '@chakra-ui/react'
import { ResponsiveLine } from '@nivo/line'
import { formatMoney } from '@/lib/format'
import { spacedLabels } from '../lib/analytics'

export type ChartPoint = { x: string; y: number }
export type ChartSeries = { id: string; color: string; data: ChartPoint[] }

function compactPounds(pence: number): string {
  return `£${new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 }).format(pence / 100)}`
}

type BudgetLineChartProps = { series: ChartSeries[]; label: string; compact: boolean }

/** Budget vs Actual Spending, month by month (values in pence); loaded lazily with nivo. */
export default function BudgetLineChart({ series, label, compact }: BudgetLineChartProps) {
  return (
    <Box h={{ base: '240px', md: '320px' }} role="img" aria-label={label}>
      <ResponsiveLine
        data={series}
        colors={(s) => (s as ChartSeries).color}
        margin={{ top: 12, right: 28, bottom: 32, left: compact ? 48 : 64 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
        curve="monotoneX"
        lineWidth={3}
        pointSize={8}
        pointBorderWidth={2}
        pointBorderColor={{ from: 'seriesColor' }}
        pointColor="#ffffff"
        role="presentation"
        enableGridX={false}
        axisBottom={{ tickSize: 0, tickPadding: 10, tickValues: spacedLabels(series[0]?.data.map((p) => p.x) ?? [], compact ? 4 : 12) }}
        axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5, format: (v) => compactPounds(Number(v)) }}
        useMesh
        enableSlices="x"
        sliceTooltip={({ slice }) => (
          <Box bg="bg" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md">
            <Text fontSize="sm" fontWeight="semibold" mb="1">
              {String(slice.points[0]?.data.x ?? '')}
            </Text>
            {slice.points.map((p) => (
              <HStack key={p.id} gap="2" fontSize="sm">
                <Box boxSize="2.5" rounded="full" style={{ backgroundColor: p.seriesColor }} />
                <Text>
                  {p.seriesId}: {formatMoney(Number(p.data.y))}
                </Text>
              </HStack>
            ))}
          </Box>
        )}
        animate={false}
      />
    </Box>
  )
}
