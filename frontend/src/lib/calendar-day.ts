/**
 * Calendar days as `YYYY-MM-DD` text. The ledger's days are London days: "today"
 * is today's date in Europe/London, whatever the browser's time zone. Day
 * arithmetic is done on UTC midnights, which have no daylight-saving gaps.
 */

const londonFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** Today's date in London, e.g. '2026-03-29'. */
export function londonToday(now: Date = new Date()): string {
  return londonFormatter.format(now)
}

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** 1 → 'January'; '' outside 1 to 12. */
export function monthName(month: number): string {
  return MONTH_NAMES[month - 1] ?? ''
}

/** This year and month (1 to 12) in London. */
export function londonYearMonth(now: Date = new Date()): { year: number; month: number } {
  const { year, month } = dayParts(londonToday(now))!
  return { year, month }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/
const MS_PER_DAY = 86_400_000

export type DayParts = { year: number; month: number; day: number }

/** The parts of a `YYYY-MM-DD` day (month 1 to 12), or null when it is not one. */
export function dayParts(day: string): DayParts | null {
  const m = DAY.exec(day)
  if (!m) return null
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
}

/** A day as a Date at UTC midnight (format it with timeZone 'UTC'). */
export function dayToUtcDate(day: string): Date {
  const p = dayParts(day)
  if (!p) return new Date(Number.NaN)
  return new Date(Date.UTC(p.year, p.month - 1, p.day))
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** `YYYY-MM-DD` of the given year, month (1 to 12, may overflow) and day. */
export function makeDay(year: number, month: number, day: number): string {
  return fromUtc(new Date(Date.UTC(year, month - 1, day)))
}

export function addDays(day: string, days: number): string {
  return fromUtc(new Date(dayToUtcDate(day).getTime() + days * MS_PER_DAY))
}

export function startOfMonth(day: string): string {
  const p = dayParts(day)!
  return makeDay(p.year, p.month, 1)
}

export function endOfMonth(day: string): string {
  const p = dayParts(day)!
  return makeDay(p.year, p.month + 1, 0)
}

/** Whether `YYYY-MM-DD` text names a day that exists (not '2026-02-31'). */
export function isDay(day: string): boolean {
  const p = dayParts(day)
  return p !== null && makeDay(p.year, p.month, p.day) === day
}

/** Day, month and four-digit year with one kind of separator: '23/11/2026', '3-1-2026', '03.01.2026'. */
const UK_DAY = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/

/**
 * The `YYYY-MM-DD` day of text typed the British way, day first, whatever the
 * browser's language: '23/11/2026', '3/1/2026', '03-01-2026' and '03.01.2026'
 * all read; so does a `YYYY-MM-DD` day as it is. Null for anything else,
 * including a day that does not exist ('31/02/2026').
 */
export function parseUkDay(text: string): string | null {
  const trimmed = text.trim()
  if (DAY.test(trimmed)) return isDay(trimmed) ? trimmed : null
  const m = UK_DAY.exec(trimmed)
  if (!m) return null
  const day = `${m[4]}-${m[3]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`
  return isDay(day) ? day : null
}

/** A `YYYY-MM-DD` day as British text, '2026-11-23' → '23/11/2026'; '' when it is not a day. */
export function formatUkDay(day: string): string {
  if (!isDay(day)) return ''
  const [year, month, date] = day.split('-')
  return `${date}/${month}/${year}`
}
