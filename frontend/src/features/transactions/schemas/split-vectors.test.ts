/// <reference types="node" />
// (Node types for fs and path: this test reads the shared vectors from the domain crate, outside src/.)
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { makeTransactionSchema, type TransactionFormInput } from './transaction'

type SplitVector = { amount: string; parts?: string[]; each?: string; count?: number; message: string | null }

/** src/features/transactions/schemas → the repository's root, where the domain crate keeps the file. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../..')
const vectors = JSON.parse(readFileSync(resolve(ROOT, 'domain/vectors/splits.json'), 'utf8')) as {
  splits: SplitVector[]
}

const schema = makeTransactionSchema(() => '2026-06-15')

/** A vector as the form would hold it: an expense split into its parts, each in a category. */
function form(v: SplitVector): TransactionFormInput {
  const amounts = v.parts ?? Array.from({ length: v.count ?? 0 }, () => v.each ?? '')
  return {
    type: 'expense',
    amount: v.amount,
    description: 'Tesco',
    categoryId: '',
    splits: amounts.map((amount, i) => ({ categoryId: `cat-${i % 3}`, amount, note: '' })),
    accountId: 'acc-1',
    date: '2026-06-15',
    notes: '',
    tags: [],
  }
}

describe('shared split vectors (domain/vectors/splits.json)', () => {
  it('has vectors', () => {
    expect(vectors.splits.length).toBeGreaterThan(0)
  })

  it.each(vectors.splits)('the form takes %j as the server does', (v) => {
    const result = schema.safeParse(form(v))
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message)
    if (v.message === null) expect(messages).toEqual([])
    else expect(messages).toContain(v.message)
  })
})
