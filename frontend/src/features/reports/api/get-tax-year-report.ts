import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { reportKeys } from './keys'
import type { TaxYearReport } from './types'

/**
 * GET /reports/tax-year?year: the UK tax year from 6 April of `year` to 5 April of the next, of
 * every account the member sees — its summary, twelve tax months (April first), breakdowns and
 * the Self Assessment totals of the categories marked for tax.
 */
export async function getTaxYearReport(year: number): Promise<TaxYearReport> {
  const res = await client.GET('/api/reports/tax-year', { params: { query: { year: String(year) } } })
  return res.data
}

export function taxYearReportQueryOptions(year: number) {
  return queryOptions({
    queryKey: reportKeys.taxYear(year),
    queryFn: () => getTaxYearReport(year),
    staleTime: 0,
    placeholderData: keepPreviousData,
  })
}

export function useTaxYearReport(year: number) {
  return useQuery(taxYearReportQueryOptions(year))
}
