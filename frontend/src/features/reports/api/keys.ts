import type { ReportParams, ReportQuery } from './types'

/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  monthly: (params: ReportParams) => [...reportKeys.all, 'monthly', params] as const,
  yearly: (year: number) => [...reportKeys.all, 'yearly', year] as const,
}

/** The query of a monthly report or its PDF; no accountId means all accounts. */
export function reportQuery({ year, month, accountId }: ReportParams): ReportQuery {
  const query = { year: String(year), month: String(month) }
  return accountId ? { ...query, accountId } : query
}
