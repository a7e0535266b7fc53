/**
 * Money at the edge of the app. The wire carries pounds as JSON numbers with at
 * most two decimals; the app converts them once with `toPence` and from then on
 * adds and compares integer pence only. Forms send amounts as decimal text,
 * which the server parses exactly.
 */

/** The largest amount any form accepts: £999,999.99. */
export const MAX_AMOUNT_PENCE = 99_999_999

/** Pounds from the wire (e.g. `12.34`) as integer pence (`1234`). */
export function toPence(pounds: number): number {
  // `|| 0` turns -0 into 0.
  return Math.round(pounds * 100) || 0
}

/** Sums amounts in pence; the inputs must already be integers. */
export function sumPence(values: Iterable<number>): number {
  let total = 0
  for (const v of values) total += v
  return total
}

export type AmountProblem = 'not-a-number' | 'too-many-decimals' | 'too-large'
export type ParsedAmount = { ok: true; pence: number } | { ok: false; problem: AmountProblem }

const DIGITS = /^\d*$/

/**
 * Parses decimal text into pence exactly, the way the server does: an optional
 * sign, digits, an optional point and at most two significant decimals
 * (`'12.5'` → 1250, `'-0.05'` → -5, `'1.230'` → 123). No floating point.
 */
export function parseAmountText(raw: string): ParsedAmount {
  const s = raw.trim()
  const negative = s.startsWith('-')
  const digits = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s
  const point = digits.indexOf('.')
  const whole = point === -1 ? digits : digits.slice(0, point)
  let fraction = point === -1 ? '' : digits.slice(point + 1)
  if ((whole === '' && fraction === '') || !DIGITS.test(whole) || !DIGITS.test(fraction)) {
    return { ok: false, problem: 'not-a-number' }
  }
  fraction = fraction.replace(/0+$/, '')
  if (fraction.length > 2) return { ok: false, problem: 'too-many-decimals' }
  const wholeDigits = whole.replace(/^0+/, '')
  // Beyond 13 digits the pence would not be a safe integer; far beyond any limit anyway.
  if (wholeDigits.length > 13) return { ok: false, problem: 'too-large' }
  const pence = Number(wholeDigits || '0') * 100 + Number(fraction.padEnd(2, '0') || '0')
  return { ok: true, pence: negative ? -pence || 0 : pence }
}

/** Pence as plain decimal text with two places, as the forms send it: 1250 → '12.50'. */
export function penceToDecimalText(pence: number): string {
  const sign = pence < 0 ? '-' : ''
  const abs = Math.abs(Math.round(pence))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
