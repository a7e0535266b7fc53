import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { reportKeys, reportQuery } from './keys'
import type { MonthlyReport, ReportParams, ReportPeriodParams } from './types'

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

/** The month's report; none is fetched while the screen shows the whole year (month null). */
export function useMonthlyReport({ year, month, accountId }: ReportPeriodParams) {
  return useQuery({
    ...monthlyReportQueryOptions({ year, month: month ?? 1, accountId }),
    enabled: month !== null,
  })
}
