import type { ReportParams } from './types'

/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  monthly: (params: ReportParams) => [...reportKeys.all, 'monthly', params] as const,
  yearly: (year: number) => [...reportKeys.all, 'yearly', year] as const,
}

/** The query string of a monthly report or its PDF. */
export function reportQuery({ year, month, accountId }: ReportParams): string {
  const q = new URLSearchParams({ year: String(year), month: String(month) })
  if (accountId) q.set('accountId', accountId)
  return q.toString()
}
