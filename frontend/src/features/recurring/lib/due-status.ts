/**
 * Due status of a recurring template (spec doc 2 §4 'Due status'), by whole London days from
 * today to its next due day. The server computes the same (domain::recurring::due_status).
 */
import { dayToUtcDate } from '@/lib/calendar-day'

/** Due soon: after today and within this many days (spec doc 2 §9). */
export const DUE_SOON_DAYS = 7
/** Colour thresholds: up to 3 days warning, up to 7 info. */
export const WARNING_WITHIN_DAYS = 3
export const INFO_WITHIN_DAYS = 7

export type DueTone = 'error' | 'warning' | 'info' | 'success'

export type DueStatus = {
  /** Whole days from today; negative when overdue. */
  days: number
  text: string
  tone: DueTone
}

/** The Chakra palette of each tone (badges use its subtle variant). */
export const DUE_TONE_PALETTE: Record<DueTone, string> = {
  error: 'red',
  warning: 'orange',
  info: 'blue',
  success: 'green',
}

const MS_PER_DAY = 86_400_000

/** Whole days from `today` to `day` (both 'YYYY-MM-DD'); negative when `day` is earlier. */
export function daysUntil(day: string, today: string): number {
  return Math.round((dayToUtcDate(day).getTime() - dayToUtcDate(today).getTime()) / MS_PER_DAY)
}

/**
 * Before today 'N day(s) overdue' (error); today 'Due today' and tomorrow 'Due tomorrow'
 * (both warning, see docs/decisions.md); otherwise 'Due in N days': warning up to 3 days,
 * info up to 7, success further.
 */
export function dueStatus(nextDue: string, today: string): DueStatus {
  const days = daysUntil(nextDue, today)
  if (days < 0) {
    const n = -days
    return { days, text: `${n} day${n === 1 ? '' : 's'} overdue`, tone: 'error' }
  }
  if (days === 0) return { days, text: 'Due today', tone: 'warning' }
  if (days === 1) return { days, text: 'Due tomorrow', tone: 'warning' }
  const tone: DueTone = days <= WARNING_WITHIN_DAYS ? 'warning' : days <= INFO_WITHIN_DAYS ? 'info' : 'success'
  return { days, text: `Due in ${days} days`, tone }
}

/** Due or overdue: the next due day is today or earlier. */
export function isDue(nextDue: string, today: string): boolean {
  return daysUntil(nextDue, today) <= 0
}

/** Due soon: the next due day is after today and within `within` days (7 by default). */
export function isDueSoon(nextDue: string, today: string, within: number = DUE_SOON_DAYS): boolean {
  const days = daysUntil(nextDue, today)
  return days > 0 && days <= within
}
