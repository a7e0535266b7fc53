import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { client, getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { emptyMonthSummary } from '../lib/summary'
import { DUE_POLL_MS } from './get-recurring'
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

/**
 * `poll`: fetched again every DUE_POLL_MS while a template is due (the scheduler is about to pay
 * it), and once more when polling stops, as the list has then seen the payment the summary may not.
 */
export function useMonthSummary(poll = false) {
  const query = useQuery({ ...monthSummaryQueryOptions(), refetchInterval: poll ? DUE_POLL_MS : false })
  const { refetch } = query
  const polled = useRef(poll)
  useEffect(() => {
    if (polled.current && !poll) void refetch()
    polled.current = poll
  }, [poll, refetch])
  return query
}
