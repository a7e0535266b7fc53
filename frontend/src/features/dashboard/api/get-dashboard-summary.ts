import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { dashboardKeys } from './keys'
import type { DashboardSummary } from './types'

export const DASHBOARD_SUMMARY_FALLBACK_ERROR = 'Failed to fetch dashboard summary'

/** GET /transactions/dashboard/summary: this London month's totals, transfers left out. */
export async function getDashboardSummary(): Promise<DashboardSummary> {
  const res = await client.GET('/api/transactions/dashboard/summary')
  return res.data
}

export function dashboardSummaryQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.summary(), queryFn: getDashboardSummary })
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions())
}
