import { describe, expect, it } from 'vitest'
import { parseAmountText, penceToDecimalText, sumPence, toPence } from './money'

describe('toPence (pounds from the wire → integer pence)', () => {
  it.each([
    [0, 0],
    [12.34, 1234],
    [0.1, 10],
    [0.29, 29], // 0.29 * 100 = 28.999999999999996
    [-215.5, -21550],
    [999999.99, 99999999],
    [-999999.99, -99999999],
    [1234567.89, 123456789],
    [-0, 0],
  ])('%d → %d', (pounds, pence) => {
    expect(toPence(pounds)).toBe(pence)
    expect(Object.is(toPence(pounds), -0)).toBe(false)
  })

  it('makes sums exact where adding pounds would not be', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(sumPence([toPence(0.1), toPence(0.2)])).toBe(30)
  })
})

describe('parseAmountText (exact decimal text → pence, like the server)', () => {
  it.each<[string, ReturnType<typeof parseAmountText>]>([
    ['12.50', { ok: true, pence: 1250 }],
    ['12.5', { ok: true, pence: 1250 }],
    ['12', { ok: true, pence: 1200 }],
    ['12.', { ok: true, pence: 1200 }],
    ['.5', { ok: true, pence: 50 }],
    [' 7.05 ', { ok: true, pence: 705 }],
    ['1.230', { ok: true, pence: 123 }],
    ['+3', { ok: true, pence: 300 }],
    ['-0.05', { ok: true, pence: -5 }],
    ['-0', { ok: true, pence: 0 }],
    ['0012.00', { ok: true, pence: 1200 }],
    ['999999.99', { ok: true, pence: 99999999 }],
    ['', { ok: false, problem: 'not-a-number' }],
    ['.', { ok: false, problem: 'not-a-number' }],
    ['abc', { ok: false, problem: 'not-a-number' }],
    ['1,000', { ok: true, pence: 100000 }],
    ['1,00', { ok: false, problem: 'not-a-number' }],
    ['1e3', { ok: false, problem: 'not-a-number' }],
    ['£5', { ok: true, pence: 500 }],
    ['5£', { ok: false, problem: 'not-a-number' }],
    ['1.2.3', { ok: false, problem: 'not-a-number' }],
    ['12.345', { ok: false, problem: 'too-many-decimals' }],
    ['99999999999999', { ok: false, problem: 'too-large' }],
  ])('%j', (text, expected) => {
    expect(parseAmountText(text)).toEqual(expected)
  })
})

describe('penceToDecimalText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [-1250, '-12.50'],
    [-5, '-0.05'],
    [99999999, '999999.99'],
  ])('%d → %s', (pence, text) => {
    expect(penceToDecimalText(pence)).toBe(text)
  })
})
