import { describe, expect, it } from 'vitest'
import { formatDate, formatLondonDateTime, formatMoney, formatSignedMoney } from './format'

describe('formatMoney (integer pence)', () => {
  it.each([
    [0, '£0.00'],
    [1, '£0.01'],
    [99, '£0.99'],
    [100, '£1.00'],
    [123456, '£1,234.56'],
    [100000000, '£1,000,000.00'],
    [-1, '-£0.01'],
    [-123456, '-£1,234.56'],
    [-99999999, '-£999,999.99'],
    [-0, '£0.00'],
    [12.6, '£0.13'],
  ])('%d pence → %s', (pence, expected) => {
    expect(formatMoney(pence)).toBe(expected)
  })
})

describe('formatDate', () => {
  it.each<[string | Date, string]>([
    [new Date(2026, 0, 5), '05/01/2026'],
    [new Date(2026, 11, 31, 23, 59), '31/12/2026'],
    ['2026-03-09', '09/03/2026'],
    ['2024-02-29', '29/02/2024'],
    ['2026-07-04T12:00:00', '04/07/2026'],
  ])('%s → %s', (input, expected) => {
    expect(formatDate(input)).toBe(expected)
  })

  it('takes a full ISO timestamp in local time', () => {
    const iso = new Date(2025, 9, 1, 8, 30).toISOString()
    expect(formatDate(iso)).toBe('01/10/2025')
  })

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('formatSignedMoney', () => {
  it.each([
    [1250, '+£12.50'],
    [-1250, '-£12.50'],
    [0, '£0.00'],
    [123456, '+£1,234.56'],
  ])('%d → %s', (pence, expected) => {
    expect(formatSignedMoney(pence)).toBe(expected)
  })
})

describe('formatLondonDateTime', () => {
  it.each([
    // Winter: London is UTC.
    ['2026-01-05T09:07:00Z', '05/01/2026 09:07'],
    // Summer: London is UTC+1, which also moves the day.
    ['2026-07-04T23:30:00Z', '05/07/2026 00:30'],
    ['2026-03-29T12:00:00.000Z', '29/03/2026 13:00'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLondonDateTime(iso)).toBe(expected)
  })

  it('gives an empty string for an invalid instant', () => {
    expect(formatLondonDateTime('soon')).toBe('')
  })
})
