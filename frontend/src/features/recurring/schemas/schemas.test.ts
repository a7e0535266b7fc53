import { describe, expect, it } from 'vitest'
import { firstErrors } from '@/test/zod'
import { makeTemplate, makeTransferTemplate } from '../lib/test-fixtures'
import { recurringAmountProblem, recurringMessages as m } from './fields'
import {
  emptyRecurringTransactionForm,
  makeRecurringTransactionSchema,
  recurringTransactionToForm,
  toCreateRecurringRequest,
  toUpdateRecurringRequest,
} from './recurring-transaction'
import {
  emptyRecurringTransferForm,
  makeRecurringTransferSchema,
  recurringTransferToForm,
  toCreateRecurringTransferRequest,
  toUpdateRecurringTransferRequest,
} from './recurring-transfer'

const today = '2026-07-10'
const fixed = () => today

describe('recurringAmountProblem (spec doc 2 §5, §9; the server words the rest)', () => {
  it.each([
    ['', m.amountNumber],
    ['  ', m.amountNumber],
    ['abc', m.amountNumber],
    ['12.3.4', m.amountNumber],
    ['0', m.amountMin],
    ['0.00', m.amountMin],
    ['-5', m.amountMin],
    ['-5.001', m.amountMin],
    ['0.001', m.amountMin],
    ['.0099', m.amountMin],
    ['1.234', m.amountDecimals],
    ['1000000', m.amountMax],
    ['999999.991', m.amountDecimals],
    ['99999999999999', m.amountMax],
  ])('%j → %s', (text, message) => {
    expect(recurringAmountProblem(text)).toBe(message)
  })

  it.each(['0.01', '12.5', '£1,234.56', '999999.99', '1.230'])('%j is an amount', (text) => {
    expect(recurringAmountProblem(text)).toBeNull()
  })
})

describe('recurring transaction form', () => {
  const valid = {
    ...emptyRecurringTransactionForm(today),
    amount: '12.99',
    description: 'Netflix',
    categoryId: 'cat-subs',
    accountId: 'acc-current',
  }

  it('reports every message of an empty form at once', () => {
    const schema = makeRecurringTransactionSchema('create', fixed)
    expect(firstErrors(schema, { ...emptyRecurringTransactionForm(today), startDate: '' })).toEqual({
      amount: m.amountNumber,
      description: m.descriptionRequired,
      categoryId: m.categoryRequired,
      accountId: m.accountRequired,
      startDate: m.startDateRequired,
    })
  })

  it('checks the limits of description and notes, the type and the frequency', () => {
    const schema = makeRecurringTransactionSchema('create', fixed)
    expect(
      firstErrors(schema, {
        ...valid,
        type: 'transfer',
        description: ' x ',
        frequency: 'daily',
        notes: 'n'.repeat(501),
      }),
    ).toEqual({
      type: m.typeInvalid,
      description: m.descriptionMin,
      frequency: m.frequencyInvalid,
      notes: m.notesMax,
    })
    expect(firstErrors(schema, { ...valid, description: 'd'.repeat(101) })).toEqual({
      description: m.descriptionMax,
    })
    expect(firstErrors(schema, { ...valid, description: 'd'.repeat(100), notes: 'n'.repeat(500) })).toEqual({})
  })

  it('takes a start date of today or later when creating', () => {
    const schema = makeRecurringTransactionSchema('create', fixed)
    expect(firstErrors(schema, { ...valid, startDate: '2026-07-09' })).toEqual({ startDate: m.startDatePast })
    expect(firstErrors(schema, { ...valid, startDate: today })).toEqual({})
    // The next due date is not the create form's.
    expect(firstErrors(schema, { ...valid, nextDue: '2020-01-01' })).toEqual({})
  })

  it('locks the start date when editing and checks the next due date instead', () => {
    const schema = makeRecurringTransactionSchema('edit', fixed)
    const form = recurringTransactionToForm(makeTemplate({ startDate: '2025-01-15', nextDue: '2026-07-15' }))
    expect(firstErrors(schema, form)).toEqual({})
    expect(firstErrors(schema, { ...form, nextDue: '2026-07-09' })).toEqual({ nextDue: m.nextDuePast })
    expect(firstErrors(schema, { ...form, nextDue: '' })).toEqual({ nextDue: m.nextDueRequired })
  })

  it('sends the amount as positive decimal text, the start date on create and next due on edit', () => {
    const create = makeRecurringTransactionSchema('create', fixed).parse({ ...valid, description: '  Netflix ' })
    expect(toCreateRecurringRequest(create)).toEqual({
      amount: '12.99',
      description: 'Netflix',
      type: 'expense',
      categoryId: 'cat-subs',
      accountId: 'acc-current',
      frequency: 'monthly',
      startDate: today,
      notes: '',
    })
    const form = recurringTransactionToForm(
      makeTemplate({ amount: 2500, type: 'income', frequency: 'yearly', nextDue: '2026-08-01', notes: 'Bonus' }),
    )
    expect(form.amount).toBe('2500.00')
    const edit = makeRecurringTransactionSchema('edit', fixed).parse(form)
    expect(toUpdateRecurringRequest(edit)).toEqual({
      amount: '2500.00',
      description: 'Netflix',
      type: 'income',
      categoryId: 'cat-subs',
      accountId: 'acc-current',
      frequency: 'yearly',
      nextDue: '2026-08-01',
      notes: 'Bonus',
    })
  })
})

describe('recurring transfer form', () => {
  const valid = {
    ...emptyRecurringTransferForm(today),
    amount: '200',
    description: 'S',
    fromAccountId: 'acc-current',
    toAccountId: 'acc-savings',
  }

  it('reports every message of an empty form at once, a one-letter description being enough', () => {
    const schema = makeRecurringTransferSchema('create', fixed)
    expect(firstErrors(schema, emptyRecurringTransferForm(today))).toEqual({
      amount: m.amountNumber,
      description: m.descriptionRequired,
      fromAccountId: m.fromRequired,
      toAccountId: m.toRequired,
    })
    expect(firstErrors(schema, valid)).toEqual({})
  })

  it('refuses the same account on both sides, alongside the other messages', () => {
    const schema = makeRecurringTransferSchema('create', fixed)
    expect(firstErrors(schema, { ...valid, amount: '', toAccountId: 'acc-current' })).toEqual({
      amount: m.amountNumber,
      toAccountId: m.sameAccount,
    })
  })

  it('checks the start date on create and the next due date on edit', () => {
    expect(
      firstErrors(makeRecurringTransferSchema('create', fixed), { ...valid, startDate: '2026-01-01' }),
    ).toEqual({ startDate: m.startDatePast })
    const form = recurringTransferToForm(makeTransferTemplate({ startDate: '2025-01-01', nextDue: '2026-07-09' }))
    expect(firstErrors(makeRecurringTransferSchema('edit', fixed), form)).toEqual({ nextDue: m.nextDuePast })
  })

  it("sends type 'transfer' with a positive amount", () => {
    const create = makeRecurringTransferSchema('create', fixed).parse(valid)
    expect(toCreateRecurringTransferRequest(create)).toEqual({
      type: 'transfer',
      fromAccountId: 'acc-current',
      toAccountId: 'acc-savings',
      amount: '200.00',
      description: 'S',
      frequency: 'monthly',
      startDate: today,
      notes: '',
    })
    const edit = makeRecurringTransferSchema('edit', fixed).parse(
      recurringTransferToForm(makeTransferTemplate({ nextDue: '2026-08-01' })),
    )
    expect(toUpdateRecurringTransferRequest(edit)).toMatchObject({ type: 'transfer', amount: '200.00', nextDue: '2026-08-01' })
  })
})
