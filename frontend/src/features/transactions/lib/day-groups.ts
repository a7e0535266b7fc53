import { splitShareIn } from './splits'
import type { Transaction } from '@/lib/api/types'
import { addDays, dayParts, dayToUtcDate, londonToday } from '@/lib/calendar-day'
import { sumPence, toPence } from '@/lib/money'

const weekdayMonth = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
})

/**
 * The heading of a day in the phone list: 'Today', 'Yesterday' (London days),
 * otherwise weekday, day and month ('Monday, 16 November'), with the year
 * added when it is not this year.
 */
export function dayLabel(day: string, now: Date = new Date()): string {
  const today = londonToday(now)
  if (day === today) return 'Today'
  if (day === addDays(today, -1)) return 'Yesterday'
  const parts = weekdayMonth.formatToParts(dayToUtcDate(day))
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const label = `${get('weekday')}, ${get('day')} ${get('month')}`
  const year = dayParts(day)?.year
  return year === dayParts(today)?.year ? label : `${label} ${year}`
}

export type DayGroup = {
  day: string
  label: string
  /** The day's net amount in pence, declined transactions left out. */
  totalPence: number
  transactions: Transaction[]
}

/** Groups a page of transactions by day, keeping their order (newest first from the server). */
export function groupByDay(
  transactions: readonly Transaction[],
  now: Date = new Date(),
  /** The category the list is filtered by: a split row adds its part there, as the summary does. */
  inCategory = '',
): DayGroup[] {
  const groups: DayGroup[] = []
  const byDay = new Map<string, DayGroup>()
  for (const t of transactions) {
    let group = byDay.get(t.date)
    if (!group) {
      group = { day: t.date, label: dayLabel(t.date, now), totalPence: 0, transactions: [] }
      byDay.set(t.date, group)
      groups.push(group)
    }
    group.transactions.push(t)
  }
  for (const group of groups) {
    group.totalPence = sumPence(
      group.transactions
        .filter((t) => t.status !== 'declined')
        .map((t) => splitShareIn(t, inCategory) ?? toPence(t.amount)),
    )
  }
  return groups
}
