/// <reference types="node" />
// (Node types for fs and path: this test reads the vectors from the repository, outside src/.)
/**
 * The shared money and date vectors in domain/vectors/, which the server's domain checks too
 * (domain/tests/vectors.rs): the forms parse and show amounts and days exactly as the server does.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney } from './format'
import { type AmountProblem, MAX_AMOUNT_PENCE, parseAmountText, penceToDecimalText } from './money'

type MoneyVectors = {
  maxAmountPence: number
  parse: Array<{ input: string; pence: number } | { input: string; error: ParseError }>
  format: Array<{ pence: number; decimal: string; display: string }>
}
type ParseError = 'not_a_number' | 'too_many_decimals' | 'too_large'
type DateVectors = {
  days: Array<{ iso: string; display: string }>
  invalid: string[]
}

/** frontend/src/lib → domain/vectors, beside the Rust code that shares them. */
const VECTORS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../domain/vectors')

function readVectors<T>(name: string): T {
  return JSON.parse(readFileSync(resolve(VECTORS_DIR, name), 'utf8')) as T
}

const money = readVectors<MoneyVectors>('money.json')
const dates = readVectors<DateVectors>('dates.json')

const PROBLEM: Record<ParseError, AmountProblem> = {
  not_a_number: 'not-a-number',
  too_many_decimals: 'too-many-decimals',
  too_large: 'too-large',
}

describe('shared money vectors (domain/vectors/money.json)', () => {
  it('has vectors', () => {
    expect(money.parse.length).toBeGreaterThan(0)
    expect(money.format.length).toBeGreaterThan(0)
  })

  it('puts the largest amount at the same bound', () => {
    expect(MAX_AMOUNT_PENCE).toBe(money.maxAmountPence)
  })

  it.each(money.parse)('parses %j', (vector) => {
    expect(parseAmountText(vector.input)).toEqual(
      'pence' in vector
        ? { ok: true, pence: vector.pence }
        : { ok: false, problem: PROBLEM[vector.error] },
    )
  })

  it.each(money.format)('formats %j', ({ pence, decimal, display }) => {
    expect(penceToDecimalText(pence)).toBe(decimal)
    expect(formatMoney(pence)).toBe(display)
    expect(parseAmountText(decimal)).toEqual({ ok: true, pence })
  })
})

describe('shared date vectors (domain/vectors/dates.json)', () => {
  it('has vectors', () => {
    expect(dates.days.length).toBeGreaterThan(0)
    expect(dates.invalid.length).toBeGreaterThan(0)
  })

  it.each(dates.days)('shows $iso as $display', ({ iso, display }) => {
    expect(formatDate(iso)).toBe(display)
  })

  it.each(dates.invalid)('shows %j as nothing', (text) => {
    expect(formatDate(text)).toBe('')
  })
})
