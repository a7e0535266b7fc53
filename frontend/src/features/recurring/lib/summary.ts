/** This month's recurring summary as the block shows it. */
import { dayParts, endOfMonth, MONTH_NAMES, startOfMonth } from '@/lib/calendar-day'
import { toPence } from '@/lib/money'
import type { MonthSummary, MonthSummaryItem } from '../api/types'

export type MonthSummaryFigures = {
  /** Money going out this month (expenses and transfers): paid plus left, by magnitude. */
  totalPence: number
  /** Going out and already made. */
  paidPence: number
  /** Going out and still to come ('Left'). */
  remainingPence: number
  /** Income already made ('Received This Month'). */
  receivedPence: number
  /** Whether any income falls in the month, made or to come: only then is Received shown. */
  hasIncome: boolean
  /** Every occurrence of the month, in or out. */
  count: number
  paidCount: number
  upcomingCount: number
}

/** Money in: income. Expenses and transfers (money leaving an account) go out, as in Cash Flow. */
export function isIncoming(item: Pick<MonthSummaryItem, 'type'>): boolean {
  return item.type === 'income'
}

function absoluteTotal(items: readonly MonthSummaryItem[]): number {
  return items.reduce((sum, item) => sum + Math.abs(toPence(item.amount)), 0)
}

/** The made occurrences split by direction: the Paid This Month and Received This Month lists. */
export function paidAndReceived(summary: MonthSummary): { paid: MonthSummaryItem[]; received: MonthSummaryItem[] } {
  return {
    paid: summary.paidItems.filter((item) => !isIncoming(item)),
    received: summary.paidItems.filter(isIncoming),
  }
}

/** The server says 'Paid 3 Nov' of every made occurrence; income is received: 'Received 3 Nov'. */
export function receivedText(timeText: string): string {
  return timeText.replace(/^Paid\b/, 'Received')
}

/**
 * The figures recomputed from the items' absolute amounts (spec doc 2 §3), whatever the server's
 * totals say. Each means one thing: Paid, Left and their Total count only money going out, so
 * salary never reads as paid; Received is the income already in. The count is both lists.
 */
export function summaryFigures(summary: MonthSummary): MonthSummaryFigures {
  const { paid, received } = paidAndReceived(summary)
  const paidPence = absoluteTotal(paid)
  const remainingPence = absoluteTotal(summary.upcomingItems.filter((item) => !isIncoming(item)))
  return {
    totalPence: paidPence + remainingPence,
    paidPence,
    remainingPence,
    receivedPence: absoluteTotal(received),
    hasIncome: received.length > 0 || summary.upcomingItems.some(isIncoming),
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
