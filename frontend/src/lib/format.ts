/**
 * Display formatting shared by every screen: money in pounds sterling (en-GB)
 * and dates as dd/MM/yyyy.
 */

// The formatters are made on first use, not when the module loads: making an Intl formatter loads
// locale (and, for London time, time-zone) data, ~150 ms on a slow phone before anything can render.
let money: Intl.NumberFormat | undefined
const moneyFormatter = () =>
  (money ??= new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }))

/**
 * Formats an amount given in **integer pence** as pounds sterling:
 * `123456` → `'£1,234.56'`, `-123456` → `'-£1,234.56'`, `0` → `'£0.00'`.
 * Non-integer input is rounded to the nearest penny first.
 */
export function formatMoney(pence: number): string {
  const whole = Math.round(pence)
  // Avoid '-£0.00' for negative zero.
  const pounds = whole === 0 ? 0 : whole / 100
  return moneyFormatter().format(pounds)
}

/**
 * Formats a date as `dd/MM/yyyy` in the user's local time zone.
 * Accepts a Date or an ISO 8601 string; a date-only string (`yyyy-MM-dd`) is
 * taken as that calendar day rather than UTC midnight. Invalid input gives '',
 * including a day that does not exist ('2026-02-30'), which the server refuses too.
 */
export function formatDate(d: string | Date): string {
  const date = typeof d === 'string' ? parseDate(d) : d
  if (Number.isNaN(date.getTime())) return ''
  const day = String(date.getDate()).padStart(2, '0')
  const month = String(date.getMonth() + 1).padStart(2, '0')
  return `${day}/${month}/${date.getFullYear()}`
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

function parseDate(value: string): Date {
  const m = DATE_ONLY.exec(value)
  if (!m) return new Date(value)
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const date = new Date(year, month, day)
  // Date rolls an impossible day over ('2026-02-30' → 2 March); it is not a day.
  const exists = date.getFullYear() === year && date.getMonth() === month && date.getDate() === day
  return exists ? date : new Date(Number.NaN)
}

/**
 * Formats integer pence with an explicit sign: `1250` → `'+£12.50'`,
 * `-1250` → `'-£12.50'`, `0` → `'£0.00'`.
 */
export function formatSignedMoney(pence: number): string {
  const whole = Math.round(pence)
  return whole > 0 ? `+${formatMoney(whole)}` : formatMoney(whole)
}

let london: Intl.DateTimeFormat | undefined
const londonDateTime = () =>
  (london ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }))

/** An instant as London time, '05/03/2026 14:07' (dd/MM/yyyy HH:mm); '' when it is not a date. */
export function formatLondonDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return londonDateTime().format(date).replace(',', '')
}
