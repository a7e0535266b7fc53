/**
 * How long ago an instant was, as a list of devices says it: 'just now', '5 minutes ago',
 * 'yesterday', '3 weeks ago'. An instant a little ahead of this device's clock is 'just now'; a
 * text that is not a date gives ''.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

let formatter: Intl.RelativeTimeFormat | undefined
const relative = () => (formatter ??= new Intl.RelativeTimeFormat('en-GB', { numeric: 'auto' }))

export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso).getTime()
  if (Number.isNaN(then)) return ''
  const seconds = Math.max(0, Math.round((now.getTime() - then) / 1000))
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative().format(-Math.floor(seconds / size), unit)
  }
  return 'just now'
}
