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
