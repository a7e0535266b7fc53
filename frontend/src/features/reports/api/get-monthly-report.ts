import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { reportKeys, reportQuery } from './keys'
import type { MonthlyReport, ReportParams } from './types'

export const REPORT_FALLBACK_ERROR = 'Failed to fetch report data'

/** GET /reports/monthly?year&month&accountId: one month's totals, breakdowns and transactions. */
export async function getMonthlyReport(params: ReportParams): Promise<MonthlyReport> {
  const res = await client.GET('/api/reports/monthly', { params: { query: reportQuery(params) } })
  return res.data
}

export function monthlyReportQueryOptions(params: ReportParams) {
  return queryOptions({
    queryKey: reportKeys.monthly(params),
    queryFn: () => getMonthlyReport(params),
    // Reports sum the ledger, which other screens change: always refetch on opening.
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useMonthlyReport(params: ReportParams) {
  return useQuery(monthlyReportQueryOptions(params))
}
