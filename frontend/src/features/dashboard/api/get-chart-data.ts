import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { dashboardKeys } from './keys'
import type { ChartDataResponse, ChartSlice, ChartType } from './types'

export const CHART_DATA_FALLBACK_ERROR = 'Failed to load spending data'

/** GET /transactions/dashboard/chart-data?type=: this month's totals by category, largest first. */
export async function getChartData(type: ChartType): Promise<ChartSlice[]> {
  const res = await api.get<ChartDataResponse>(`/transactions/dashboard/chart-data?type=${type}`)
  return res.data
}

export function chartDataQueryOptions(type: ChartType) {
  return queryOptions({ queryKey: dashboardKeys.chart(type), queryFn: () => getChartData(type) })
}

export function useChartData(type: ChartType) {
  return useQuery(chartDataQueryOptions(type))
}
