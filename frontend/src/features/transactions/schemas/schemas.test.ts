import { describe, expect, it } from 'vitest'
import { makeTransaction } from '@/test/fixtures'
import { firstErrors } from '@/test/zod'
import {
  makeTransactionSchema,
  toTransactionRequest,
  type TransactionFormInput,
  transactionToForm,
} from './transaction'
import { makeTransferSchema, toTransferRequest, type TransferFormInput } from './transfer'

const TODAY = '2026-06-15'
const today = () => TODAY
const transactionSchema = makeTransactionSchema(today)
const transferSchema = makeTransferSchema(today)

const validTransaction: TransactionFormInput = {
  type: 'expense',
  amount: '12.50',
  description: 'Weekly shop',
  categoryId: 'cat-1',
  splits: [],
  accountId: 'acc-1',
  date: TODAY,
  notes: '',
  tags: [],
}

const validTransfer: TransferFormInput = {
  amount: '300',
  description: 'Card repayment',
  fromAccountId: 'acc-1',
  toAccountId: 'acc-2',
  date: TODAY,
  notes: '',
}

const long = (n: number) => 'x'.repeat(n)

// Field rules shared by both forms: [field, value, expected first message or null].
const sharedCases: [string, string, string | null][] = [
  ['amount', '', 'Amount is required'],
  ['amount', '   ', 'Amount is required'],
  ['amount', 'abc', 'Amount must be a number'],
  ['amount', '12,50', 'Amount must be a number'],
  ['amount', '0', 'Amount must be positive'],
  ['amount', '0.00', 'Amount must be positive'],
  ['amount', '-5', 'Amount must be positive'],
  ['amount', '12.345', 'Amount cannot have more than 2 decimal places'],
  ['amount', '1000000', 'Amount cannot exceed £999,999.99'],
  ['amount', '999999.99', null],
  ['amount', '0.01', null],
  ['amount', '12.5', null],
  ['description', '', 'Description is required'],
  ['description', '    ', 'Description is required'],
  ['description', long(100), null],
  ['description', long(101), 'Description cannot exceed 100 characters'],
  ['date', '', 'Date is required'],
  ['date', '2026-06-16', 'Date cannot be in the future'],
  ['date', TODAY, null],
  ['date', '2020-02-29', null],
  ['notes', long(200), null],
  ['notes', long(201), 'Notes cannot exceed 200 characters'],
]

describe('transaction form', () => {
  it('accepts a valid form', () => {
    expect(firstErrors(transactionSchema, validTransaction)).toEqual({})
  })

  it.each([
    ...sharedCases,
    ['type', 'transfer', 'Type must be income or expense'],
    ['type', 'income', null],
    ['categoryId', '', 'Category is required'],
    ['accountId', '', 'Account is required'],
  ] as [string, string, string | null][])('%s = %j → %s', (field, value, message) => {
    const errors = firstErrors(transactionSchema, { ...validTransaction, [field]: value })
    expect(errors[field] ?? null).toBe(message)
  })

  it('reports every empty field at once', () => {
    const errors = firstErrors(transactionSchema, {
      ...validTransaction,
      amount: '',
      description: '',
      categoryId: '',
      accountId: '',
      date: '',
    })
    expect(errors).toEqual({
      amount: 'Amount is required',
      description: 'Description is required',
      categoryId: 'Category is required',
      accountId: 'Account is required',
      date: 'Date is required',
    })
  })

  it('sends an expense negative and an income positive, as decimal text', () => {
    const expense = transactionSchema.parse({ ...validTransaction, description: '  Shop  ' })
    expect(toTransactionRequest(expense)).toEqual({
      amount: '-12.50',
      description: 'Shop',
      type: 'expense',
      categoryId: 'cat-1',
      accountId: 'acc-1',
      date: TODAY,
      notes: '',
    })
    const income = transactionSchema.parse({ ...validTransaction, type: 'income', amount: '2500' })
    expect(toTransactionRequest(income).amount).toBe('2500.00')
  })

  it('allows at most ten tags and sends their ids only when given them', () => {
    const tags = Array.from({ length: 11 }, (_, i) => ({ _id: `tag-${i}`, name: `Tag ${i}`, color: '#2196F3' }))
    expect(firstErrors(transactionSchema, { ...validTransaction, tags })).toEqual({
      tags: 'A transaction can have at most 10 tags',
    })
    const ten = transactionSchema.parse({ ...validTransaction, tags: tags.slice(0, 10) })
    expect(toTransactionRequest(ten, ['tag-0', 'tag-1']).tagIds).toEqual(['tag-0', 'tag-1'])
    expect('tagIds' in toTransactionRequest(ten)).toBe(false)
  })

  it('fills the edit form from a stored transaction', () => {
    const t = makeTransaction({ amount: -84.37, notes: 'Big shop' })
    expect(transactionToForm(t)).toEqual({
      type: 'expense',
      amount: '84.37',
      description: 'Weekly shop',
      categoryId: 'cat-groceries',
      splits: [],
      accountId: 'acc-current',
      date: '2026-06-15',
      notes: 'Big shop',
      tags: [],
    })
  })
})

describe('a split in the transaction form', () => {
  const tesco: TransactionFormInput = {
    ...validTransaction,
    amount: '84.20',
    categoryId: '',
    splits: [
      { categoryId: 'cat-groceries', amount: '61', note: '' },
      { categoryId: 'cat-household', amount: '23.20', note: ' bleach ' },
    ],
  }

  it('needs no category of its own when its parts add up to the amount', () => {
    expect(firstErrors(transactionSchema, tesco)).toEqual({})
  })

  it("says what the parts add up to in the server's words, in pounds", () => {
    const short = { ...tesco, splits: [tesco.splits[0], { ...tesco.splits[1], amount: '19' }] }
    expect(firstErrors(transactionSchema, short)).toEqual({
      splits: 'Split amounts must add up to £84.20 (they add up to £80.00)',
    })
    const big = { ...tesco, amount: '1234.56', splits: [tesco.splits[0], { ...tesco.splits[1], amount: '1000' }] }
    expect(firstErrors(transactionSchema, big).splits).toBe(
      'Split amounts must add up to £1,234.56 (they add up to £1,061.00)',
    )
  })

  it('leaves the sum until the amount is one', () => {
    expect(firstErrors(transactionSchema, { ...tesco, amount: '' })).toEqual({ amount: 'Amount is required' })
    expect(firstErrors(transactionSchema, { ...tesco, splits: undefined, categoryId: '' })).toMatchObject({
      categoryId: 'Category is required',
    })
  })

  it("checks each part's category, amount and note, and leaves the sum until every amount is one", () => {
    const errors = firstErrors(transactionSchema, {
      ...tesco,
      splits: [
        { categoryId: '', amount: '0', note: long(201) },
        { categoryId: 'cat-household', amount: '1.234', note: long(200) },
      ],
    })
    expect(errors).toEqual({
      'splits.0.categoryId': 'Category is required',
      'splits.0.amount': 'Split amount must be positive',
      'splits.0.note': 'Split note cannot exceed 200 characters',
      'splits.1.amount': 'Amount cannot have more than 2 decimal places',
    })
  })

  it('needs between 2 and 20 parts', () => {
    const part = { categoryId: 'cat-groceries', amount: '1', note: '' }
    expect(firstErrors(transactionSchema, { ...tesco, amount: '1', splits: [part] }).splits).toBe(
      'A split needs between 2 and 20 parts',
    )
    expect(firstErrors(transactionSchema, { ...tesco, amount: '21', splits: Array(21).fill(part) }).splits).toBe(
      'A split needs between 2 and 20 parts',
    )
    expect(firstErrors(transactionSchema, { ...tesco, amount: '20', splits: Array(20).fill(part) })).toEqual({})
  })

  it('sends the parts with positive amounts and no category, a note only when there is one', () => {
    expect(toTransactionRequest(transactionSchema.parse(tesco), [])).toEqual({
      amount: '-84.20',
      description: 'Weekly shop',
      type: 'expense',
      accountId: 'acc-1',
      date: TODAY,
      notes: '',
      tagIds: [],
      splits: [
        { categoryId: 'cat-groceries', amount: '61.00' },
        { categoryId: 'cat-household', amount: '23.20', note: 'bleach' },
      ],
    })
  })

  it("sends 'splits: []' with the category when the split of a split transaction was removed", () => {
    const unsplit = transactionSchema.parse({ ...tesco, categoryId: 'cat-groceries', splits: [] })
    expect(toTransactionRequest(unsplit, undefined, true)).toMatchObject({ categoryId: 'cat-groceries', splits: [] })
    expect('splits' in toTransactionRequest(unsplit)).toBe(false)
  })

  it('fills the edit form with the parts of a split transaction', () => {
    const t = {
      ...makeTransaction({ amount: -84.2, categoryId: null }),
      splits: [
        { _id: 's1', category: { _id: 'cat-groceries', name: 'Groceries', color: '#4CAF50' }, amount: 61, note: '' },
        { _id: 's2', category: { _id: 'cat-household', name: 'Household', color: '#795548' }, amount: 23.2, note: 'bleach' },
      ],
    }
    expect(transactionToForm(t)).toMatchObject({
      amount: '84.20',
      categoryId: '',
      splits: [
        { categoryId: 'cat-groceries', amount: '61.00', note: '' },
        { categoryId: 'cat-household', amount: '23.20', note: 'bleach' },
      ],
    })
  })
})

describe('transfer form', () => {
  it('accepts a valid form', () => {
    expect(firstErrors(transferSchema, validTransfer)).toEqual({})
  })

  it.each([
    ...sharedCases,
    ['fromAccountId', '', 'From account is required'],
    ['toAccountId', '', 'To account is required'],
    ['toAccountId', 'acc-1', 'Cannot transfer to the same account'],
  ] as [string, string, string | null][])('%s = %j → %s', (field, value, message) => {
    const errors = firstErrors(transferSchema, { ...validTransfer, [field]: value })
    expect(errors[field] ?? null).toBe(message)
  })

  it('says the accounts are the same even when another field fails', () => {
    const errors = firstErrors(transferSchema, { ...validTransfer, amount: '', toAccountId: 'acc-1' })
    expect(errors.toAccountId).toBe('Cannot transfer to the same account')
    expect(errors.amount).toBe('Amount is required')
  })

  it('sends the amount as an absolute value', () => {
    const values = transferSchema.parse({ ...validTransfer, amount: '300.5', notes: ' monthly ' })
    expect(toTransferRequest(values)).toEqual({
      amount: '300.50',
      description: 'Card repayment',
      fromAccountId: 'acc-1',
      toAccountId: 'acc-2',
      date: TODAY,
      notes: 'monthly',
    })
  })
})
