import { Box } from '@chakra-ui/react'
import { ResponsiveLine } from '@nivo/line'
import { ChartDataTable } from '@/components/chart-data-table'
import { seriesTable } from '@/lib/chart-table'
import { useChartTheme } from '@/lib/chart-theme'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { NetWorthPoint } from '@/lib/net-worth/get-net-worth'

type Series = { id: string; color: string; data: { x: string; y: number }[] }

/** 'Mar 26' for '2026-03'. */
function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' })
}

/** '£1.2K' for an axis tick given in pence. */
function compactPounds(pence: number): string {
  return `£${new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 }).format(pence / 100)}`
}

/** The chart's lines in pence: net worth, assets and liabilities at each month end. */
function netWorthSeries(points: NetWorthPoint[]): Series[] {
  const line = (id: string, color: string, pick: (p: NetWorthPoint) => number): Series => ({
    id,
    color,
    data: points.map((p) => ({ x: monthLabel(p.month), y: toPence(pick(p)) })),
  })
  return [
    line('Net worth', '#0d9488', (p) => p.netWorth),
    line('Assets', '#16a34a', (p) => p.assets),
    line('Liabilities', '#dc2626', (p) => p.liabilities),
  ]
}

type NetWorthChartProps = { points: NetWorthPoint[]; label: string; compact: boolean }

/** Net worth, assets and liabilities month by month; loaded lazily with nivo. */
export default function NetWorthChart({ points, label, compact }: NetWorthChartProps) {
  const { theme } = useChartTheme()
  const series = netWorthSeries(points)
  const every = Math.max(1, Math.ceil(points.length / (compact ? 4 : 8)))
  return (
    <>
      <Box h={{ base: '220px', md: '280px' }} role="img" aria-label={label}>
        <ResponsiveLine<Series>
          data={series}
          theme={theme}
          colors={(s) => s.color}
          margin={{ top: 12, right: 16, bottom: 32, left: compact ? 52 : 68 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 'auto', max: 'auto', nice: true }}
          curve="monotoneX"
          lineWidth={2}
          pointSize={points.length > 36 ? 0 : 5}
          enableGridX={false}
          axisBottom={{
            tickSize: 0,
            tickPadding: 10,
            tickValues: series[0].data.filter((_, i) => i % every === 0).map((p) => p.x),
          }}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5, format: (v) => compactPounds(Number(v)) }}
          enableSlices="x"
          sliceTooltip={({ slice }) => (
            <Box bg="bg.panel" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md" fontSize="sm">
              <Box fontWeight="semibold">{String(slice.points[0]?.data.x ?? '')}</Box>
              {slice.points.map((p) => (
                <Box key={p.id}>
                  {p.seriesId}: {formatMoney(Number(p.data.y))}
                </Box>
              ))}
            </Box>
          )}
          role="presentation"
          animate={false}
        />
      </Box>
      <ChartDataTable caption={label} {...seriesTable(series, formatMoney)} />
    </>
  )
}
