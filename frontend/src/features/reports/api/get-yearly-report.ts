import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api/client'
import { reportKeys } from './keys'
import type { YearlyReport, YearlyReportResponse } from './types'

/** GET /reports/yearly?year: the twelve months' income, expenses and net. */
export async function getYearlyReport(year: number): Promise<YearlyReport> {
  const res = await api.get<YearlyReportResponse>(`/reports/yearly?year=${year}`)
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
