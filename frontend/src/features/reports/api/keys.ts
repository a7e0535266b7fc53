import type { ReportParams, ReportQuery, YearlyQuery } from './types'

/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  monthly: (params: ReportParams) => [...reportKeys.all, 'monthly', params] as const,
  yearly: (year: number, accountId: string) => [...reportKeys.all, 'yearly', year, accountId] as const,
  /** The tax year that starts on 6 April of `year`. */
  taxYear: (year: number) => [...reportKeys.all, 'tax-year', year] as const,
}

/** The query of a monthly report or its PDF; no accountId means all accounts. */
export function reportQuery({ year, month, accountId }: ReportParams): ReportQuery {
  const query = { year: String(year), month: String(month) }
  return accountId ? { ...query, accountId } : query
}

/** The query of a whole year's report or its PDF; no accountId means all accounts. */
export function yearlyQuery(year: number, accountId: string): YearlyQuery {
  const query = { year: String(year) }
  return accountId ? { ...query, accountId } : query
}
