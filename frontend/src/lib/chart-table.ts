import type { ChartDataTableProps } from '@/components/chart-data-table'

type Series = { id: string; data: { x: string; y: number | null }[] }

/** A line chart's series as table columns, one row per point on the x axis. */
export function seriesTable(series: Series[], format: (y: number) => string): Pick<ChartDataTableProps, 'columns' | 'rows'> {
  const xs = series[0]?.data.map((p) => p.x) ?? []
  return {
    columns: ['Month', ...series.map((s) => s.id)],
    rows: xs.map((x, i) => [x, ...series.map((s) => (s.data[i]?.y == null ? 'No data' : format(s.data[i]!.y!)))]),
  }
}
