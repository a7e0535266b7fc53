import { describe, expect, it } from 'vitest'
import { makeAccount } from '@/test/fixtures'
import { firstErrors } from '@/test/zod'
import { type AccountFormInput, accountSchema, accountToForm, toAccountRequest } from './account'

const valid: AccountFormInput = { name: 'Everyday Current', type: 'current', initialBalance: '1000', creditLimit: '', visibility: 'household' }
const card: AccountFormInput = { name: 'Travel Card', type: 'credit_card', initialBalance: '0', creditLimit: '2000', visibility: 'household' }

describe('account form', () => {
  it.each([
    [valid, {}],
    [card, {}],
  ])('accepts %j', (input, errors) => {
    expect(firstErrors(accountSchema, input)).toEqual(errors)
  })

  it.each<[Partial<AccountFormInput>, string, string | null]>([
    [{ name: '' }, 'name', 'Account name is required'],
    [{ name: '   ' }, 'name', 'Account name is required'],
    [{ name: 'X' }, 'name', 'Account name must be at least 2 characters'],
    [{ name: ' X ' }, 'name', 'Account name must be at least 2 characters'],
    [{ name: 'Ab' }, 'name', null],
    [{ name: 'x'.repeat(50) }, 'name', null],
    [{ name: 'x'.repeat(51) }, 'name', 'Account name cannot exceed 50 characters'],
    [{ type: 'loan' as AccountFormInput['type'] }, 'type', 'Invalid account type'],
    [{ initialBalance: '' }, 'initialBalance', 'Initial balance is required'],
    [{ initialBalance: 'lots' }, 'initialBalance', 'Balance must be a number'],
    [{ initialBalance: '1.234' }, 'initialBalance', 'Amount cannot have more than 2 decimal places'],
    [{ initialBalance: '-999999.99' }, 'initialBalance', null],
    [{ initialBalance: '-1000000' }, 'initialBalance', 'Balance cannot be less than -£999,999.99'],
    [{ initialBalance: '999999.99' }, 'initialBalance', null],
    [{ initialBalance: '1000000' }, 'initialBalance', 'Balance cannot exceed £999,999.99'],
    [{ initialBalance: '0' }, 'initialBalance', null],
    // Optional for other types, but checked when given.
    [{ creditLimit: '' }, 'creditLimit', null],
    [{ creditLimit: 'x' }, 'creditLimit', 'Credit limit must be a number'],
    [{ creditLimit: '-1' }, 'creditLimit', 'Credit limit cannot be negative'],
    [{ creditLimit: '1000000' }, 'creditLimit', 'Credit limit cannot exceed £999,999.99'],
    [{ creditLimit: '0' }, 'creditLimit', null],
  ])('%j → %s: %s', (change, field, message) => {
    expect(firstErrors(accountSchema, { ...valid, ...change })[field] ?? null).toBe(message)
  })

  it.each<[Partial<AccountFormInput>, string | null]>([
    [{ type: 'credit_card', creditLimit: '' }, 'Credit limit is required for credit accounts'],
    [{ type: 'credit', creditLimit: '  ' }, 'Credit limit is required for credit accounts'],
    [{ type: 'credit_card', creditLimit: '0' }, 'Credit limit must be greater than 0 for credit accounts'],
    [{ type: 'credit', creditLimit: '0.00' }, 'Credit limit must be greater than 0 for credit accounts'],
    [{ type: 'credit_card', creditLimit: '-5' }, 'Credit limit cannot be negative'],
    [{ type: 'credit_card', creditLimit: '0.01' }, null],
    [{ type: 'credit', creditLimit: '999999.99' }, null],
  ])('credit types: %j → %s', (change, message) => {
    expect(firstErrors(accountSchema, { ...card, ...change }).creditLimit ?? null).toBe(message)
  })

  it('reports the credit limit even when the name fails too', () => {
    const errors = firstErrors(accountSchema, { ...card, name: '', creditLimit: '' })
    expect(errors).toEqual({
      name: 'Account name is required',
      creditLimit: 'Credit limit is required for credit accounts',
    })
  })

  it.each<[AccountFormInput, ReturnType<typeof toAccountRequest>]>([
    [valid, { name: 'Everyday Current', type: 'current', initialBalance: '1000.00', creditLimit: null, visibility: 'household' }],
    [{ ...valid, initialBalance: '-20.5' }, { name: 'Everyday Current', type: 'current', initialBalance: '-20.50', creditLimit: null, visibility: 'household' }],
    // A credit limit typed for a non-credit type is not sent (the field is hidden).
    [{ ...valid, creditLimit: '50' }, { name: 'Everyday Current', type: 'current', initialBalance: '1000.00', creditLimit: null, visibility: 'household' }],
    // For credit types a positive opening balance is debt: sent negative.
    [{ ...card, initialBalance: '500' }, { name: 'Travel Card', type: 'credit_card', initialBalance: '-500.00', creditLimit: '2000.00', visibility: 'household' }],
    [{ ...card, initialBalance: '-500' }, { name: 'Travel Card', type: 'credit_card', initialBalance: '-500.00', creditLimit: '2000.00', visibility: 'household' }],
  ])('request for %j', (input, body) => {
    expect(toAccountRequest(accountSchema.parse(input))).toEqual(body)
  })

  it('fills the edit form from an account', () => {
    const account = makeAccount({ type: 'credit_card', initialBalance: -150.5, creditLimit: 2000 })
    expect(accountToForm(account)).toEqual({
      name: 'Everyday Current',
      type: 'credit_card',
      initialBalance: '-150.50',
      creditLimit: '2000.00',
      visibility: 'household',
    })
  })

  it('keeps a private account private and refuses another visibility', () => {
    expect(accountToForm(makeAccount({ visibility: 'private' })).visibility).toBe('private')
    expect(firstErrors(accountSchema, { ...valid, visibility: 'secret' })).toEqual({
      visibility: 'Visibility must be household or private',
    })
    expect(toAccountRequest(accountSchema.parse({ ...valid, visibility: 'private' })).visibility).toBe('private')
  })
})
