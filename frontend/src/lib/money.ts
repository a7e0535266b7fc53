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

/** A leading '-' or '+', and the rest. */
function unsigned(s: string): [negative: boolean, rest: string] {
  if (s.startsWith('-')) return [true, s.slice(1)]
  if (s.startsWith('+')) return [false, s.slice(1)]
  return [false, s]
}

/**
 * The digits of whole pounds without thousands separators ('1,234,567' → '1234567'), or null
 * when commas are not between groups of three digits ('1,00', ',5', '12,34').
 */
function ungroup(whole: string): string | null {
  if (!whole.includes(',')) return whole
  const [first = '', ...rest] = whole.split(',')
  if (first === '' || first.length > 3 || !DIGITS.test(first)) return null
  if (rest.some((group) => group.length !== 3 || !DIGITS.test(group))) return null
  return first + rest.join('')
}

/**
 * Parses decimal text into pence exactly, the way the server does: an optional
 * sign, an optional pound sign, digits (commas only between groups of three),
 * an optional point and at most two significant decimals ('12.5' → 1250,
 * '-0.05' → -5, '£1,234.56' → 123456, '1.230' → 123). No floating point.
 */
export function parseAmountText(raw: string): ParsedAmount {
  const trimmed = raw.trim()
  let [negative, digits] = unsigned(trimmed)
  if (digits.startsWith('£')) {
    digits = digits.slice(1)
    if (!negative && !trimmed.startsWith('+')) [negative, digits] = unsigned(digits)
  }
  const point = digits.indexOf('.')
  const grouped = point === -1 ? digits : digits.slice(0, point)
  const whole = ungroup(grouped)
  let fraction = point === -1 ? '' : digits.slice(point + 1)
  if (whole === null || (whole === '' && fraction === '') || !DIGITS.test(whole) || !DIGITS.test(fraction)) {
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
