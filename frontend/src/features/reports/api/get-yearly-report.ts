import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { reportKeys } from './keys'
import type { YearlyReport } from './types'

/** GET /reports/yearly?year: the twelve months' income, expenses and net. */
export async function getYearlyReport(year: number): Promise<YearlyReport> {
  const res = await client.GET('/api/reports/yearly', {
    params: { query: { year: String(year) } },
  })
  return res.data
}

export function yearlyReportQueryOptions(year: number) {
  return queryOptions({
    queryKey: reportKeys.yearly(year),
    queryFn: () => getYearlyReport(year),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useYearlyReport(year: number) {
  return useQuery(yearlyReportQueryOptions(year))
}
