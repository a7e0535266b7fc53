import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { dashboardKeys } from './keys'
import type { ChartSlice, ChartType } from './types'

export const CHART_DATA_FALLBACK_ERROR = 'Failed to load spending data'

/** The chart the dashboard opens on. */
export const FIRST_CHART_TYPE: ChartType = 'expense'

/** GET /transactions/dashboard/chart-data?type=: this month's totals by category, largest first. */
export async function getChartData(type: ChartType): Promise<ChartSlice[]> {
  const res = await client.GET('/api/transactions/dashboard/chart-data', {
    params: { query: { type } },
  })
  return res.data
}

export function chartDataQueryOptions(type: ChartType) {
  return queryOptions({ queryKey: dashboardKeys.chart(type), queryFn: () => getChartData(type) })
}

export function useChartData(type: ChartType) {
  return useQuery(chartDataQueryOptions(type))
}
