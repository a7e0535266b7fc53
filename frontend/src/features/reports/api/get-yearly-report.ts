import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { reportKeys, yearlyQuery } from './keys'
import type { YearlyReport } from './types'

/**
 * GET /reports/yearly?year&accountId: the whole year of one account or of all accounts — its
 * summary, breakdowns, and the twelve months' income, expenses and net.
 */
export async function getYearlyReport(year: number, accountId = ''): Promise<YearlyReport> {
  const res = await client.GET('/api/reports/yearly', { params: { query: yearlyQuery(year, accountId) } })
  return res.data
}

export function yearlyReportQueryOptions(year: number, accountId = '') {
  return queryOptions({
    queryKey: reportKeys.yearly(year, accountId),
    queryFn: () => getYearlyReport(year, accountId),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useYearlyReport(year: number, accountId = '') {
  return useQuery(yearlyReportQueryOptions(year, accountId))
}
