import { Box } from '@chakra-ui/react'
import { ResponsiveLine } from '@nivo/line'
import { ChartDataTable } from '@/components/chart-data-table'
import { ChartSliceTooltip } from '@/components/chart-slice-tooltip'
import { seriesTable } from '@/lib/chart-table'
import { useChartTheme } from '@/lib/chart-theme'
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
  const { theme, colors } = useChartTheme()
  return (
    <>
      <Box h={{ base: '240px', md: '320px' }} role="img" aria-label={label}>
        <ResponsiveLine
          data={series}
          theme={theme}
          colors={(s) => (s as ChartSeries).color}
          margin={{ top: 12, right: 28, bottom: 32, left: compact ? 48 : 64 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 'auto', nice: true }}
          curve="monotoneX"
          lineWidth={3}
          pointSize={8}
          pointBorderWidth={2}
          pointBorderColor={{ from: 'seriesColor' }}
          pointColor={colors.surface}
          role="presentation"
          enableGridX={false}
          axisBottom={{ tickSize: 0, tickPadding: 10, tickValues: spacedLabels(series[0]?.data.map((p) => p.x) ?? [], compact ? 4 : 12) }}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5, format: (v) => compactPounds(Number(v)) }}
          useMesh
          enableSlices="x"
          sliceTooltip={({ slice }) => (
            <ChartSliceTooltip title={String(slice.points[0]?.data.x ?? '')} points={slice.points} />
          )}
          animate={false}
        />
      </Box>
      <ChartDataTable caption={label} {...seriesTable(series, formatMoney)} />
    </>
  )
}
