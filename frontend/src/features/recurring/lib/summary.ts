/** This month's recurring summary as the block shows it. */
import { dayParts, endOfMonth, MONTH_NAMES, startOfMonth } from '@/lib/calendar-day'
import { toPence } from '@/lib/money'
import type { MonthSummary, MonthSummaryItem } from '../api/types'

export type MonthSummaryFigures = {
  /** Paid plus left, by magnitude. */
  totalPence: number
  paidPence: number
  /** Still to come this month ('Left'). */
  remainingPence: number
  count: number
  paidCount: number
  upcomingCount: number
}

function absoluteTotal(items: readonly MonthSummaryItem[]): number {
  return items.reduce((sum, item) => sum + Math.abs(toPence(item.amount)), 0)
}

/**
 * The figures recomputed from the items' absolute amounts (spec doc 2 §3), whatever the server's
 * totals say: paid is the paid items, left the upcoming ones, total both, and the count both lists.
 */
export function summaryFigures(summary: MonthSummary): MonthSummaryFigures {
  const paidPence = absoluteTotal(summary.paidItems)
  const remainingPence = absoluteTotal(summary.upcomingItems)
  return {
    totalPence: paidPence + remainingPence,
    paidPence,
    remainingPence,
    count: summary.paidItems.length + summary.upcomingItems.length,
    paidCount: summary.paidItems.length,
    upcomingCount: summary.upcomingItems.length,
  }
}

/** '2026-11-23' → 'November 2026'. */
export function monthName(day: string): string {
  const p = dayParts(day)
  return p ? `${MONTH_NAMES[p.month - 1]} ${p.year}` : ''
}

/** The summary shown when the call fails: nothing paid or due in today's month. */
export function emptyMonthSummary(today: string): MonthSummary {
  return {
    summary: {
      totalAmount: 0,
      paidAmount: 0,
      remainingAmount: 0,
      totalCount: 0,
      paidCount: 0,
      upcomingCount: 0,
    },
    paidItems: [],
    upcomingItems: [],
    month: { start: startOfMonth(today), end: endOfMonth(today), name: monthName(today) },
  }
}
