import { queryOptions, useQuery } from '@tanstack/react-query'
import { client, getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { emptyMonthSummary } from '../lib/summary'
import { recurringKeys } from './keys'
import type { MonthSummary } from './types'

export const MONTH_SUMMARY_FALLBACK_ERROR = 'Failed to fetch monthly summary'

/** GET /recurring-transactions/summary/current-month: this London month's paid and upcoming occurrences. */
export async function getMonthSummary(): Promise<MonthSummary> {
  const res = await client.GET('/api/recurring-transactions/summary/current-month')
  return res.data
}

/**
 * The summary, or an empty one for this month when the call fails: the spec falls back without
 * an error (the failure is only logged).
 */
export async function getMonthSummaryOrEmpty(): Promise<MonthSummary> {
  try {
    return await getMonthSummary()
  } catch (error) {
    console.error(getErrorMessage(error, MONTH_SUMMARY_FALLBACK_ERROR), error)
    return emptyMonthSummary(londonToday())
  }
}

export function monthSummaryQueryOptions() {
  return queryOptions({
    queryKey: recurringKeys.summary(),
    queryFn: getMonthSummaryOrEmpty,
    staleTime: 0,
  })
}

export function useMonthSummary() {
  return useQuery(monthSummaryQueryOptions())
}
