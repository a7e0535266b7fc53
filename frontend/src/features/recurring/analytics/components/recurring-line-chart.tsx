import { Box } from '@chakra-ui/react'
import { ResponsiveLine } from '@nivo/line'
import { ChartDataTable } from '@/components/chart-data-table'
import { seriesTable } from '@/lib/chart-table'
import { useChartTheme } from '@/lib/chart-theme'
import { formatMoney } from '@/lib/format'
import { type ChartOptions, type ChartSeries, lineProps } from './line-chart-props'

type RecurringLineChartProps = ChartOptions & {
  series: ChartSeries[]
  /** What the chart shows, for screen readers (the svg itself is presentation). */
  label: string
}

/** Month-by-month lines of the recurring analytics (values in pence); loaded lazily with nivo. */
export default function RecurringLineChart({ series, label, ...options }: RecurringLineChartProps) {
  const { theme } = useChartTheme()
  return (
    <>
      <Box h={{ base: '240px', md: '320px' }} role="img" aria-label={label}>
        <ResponsiveLine<ChartSeries> {...lineProps(series, options)} theme={theme} />
      </Box>
      <ChartDataTable caption={label} {...seriesTable(series, formatMoney)} />
    </>
  )
}
