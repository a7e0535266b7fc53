import { describe, expect, it } from 'vitest'
import { firstErrors } from '@/test/zod'
import { makeGoal } from '../lib/test-fixtures'
import {
  contributionMessages,
  emptyContributionForm,
  makeContributionSchema,
  toContributionBody,
} from './contribution'
import { emptyGoalForm, goalMessages, goalToForm, makeGoalSchema, minTargetDate, toGoalBody } from './goal'

const TODAY = '2026-07-10'
const today = () => TODAY

describe('the goal form', () => {
  const schema = makeGoalSchema({ today })
  const valid = { ...emptyGoalForm(), name: 'Holiday', targetAmount: '1500', targetDate: '2026-07-11' }

  it('accepts a goal due tomorrow and sends the target as decimal text', () => {
    const values = schema.parse({ ...valid, name: '  Holiday  ' })
    expect(toGoalBody(values)).toEqual({
      name: 'Holiday',
      description: '',
      targetAmount: '1500.00',
      targetDate: '2026-07-11',
      category: 'other',
      icon: 'target',
      color: '#3B82F6',
    })
  })

  it.each([
    ['name', '', goalMessages.nameRequired],
    ['name', '   ', goalMessages.nameRequired],
    ['name', 'x'.repeat(101), goalMessages.nameMax],
    ['targetAmount', '', goalMessages.targetRequired],
    ['targetAmount', '0', goalMessages.targetPositive],
    ['targetAmount', '-5', goalMessages.targetPositive],
    ['targetAmount', 'abc', goalMessages.targetNumber],
    ['targetAmount', '1.234', goalMessages.targetDecimals],
    ['targetAmount', '1000000000', goalMessages.targetMax],
    ['targetDate', '', goalMessages.dateRequired],
    ['targetDate', TODAY, goalMessages.dateFuture],
    ['targetDate', '2026-07-01', goalMessages.dateFuture],
    ['description', 'x'.repeat(501), goalMessages.descriptionMax],
  ])('%s %j: %s', (field, value, message) => {
    expect(firstErrors(schema, { ...valid, [field]: value })[field]).toBe(message)
  })

  it('takes the largest target, 100-character names and 500-character descriptions', () => {
    expect(
      firstErrors(schema, {
        ...valid,
        targetAmount: '999,999,999.99',
        name: 'x'.repeat(100),
        description: 'x'.repeat(500),
      }),
    ).toEqual({})
  })

  it('keeps an unchanged past target date when editing, but not another past one', () => {
    const edit = makeGoalSchema({ today, storedTargetDate: '2026-07-01' })
    expect(firstErrors(edit, { ...valid, targetDate: '2026-07-01' })).toEqual({})
    expect(firstErrors(edit, { ...valid, targetDate: '2026-07-02' }).targetDate).toBe(goalMessages.dateFuture)
  })

  it('offers tomorrow first in the calendar', () => expect(minTargetDate(TODAY)).toBe('2026-07-11'))

  it('fills the form from a stored goal', () => {
    expect(goalToForm(makeGoal({ targetAmount: 1000.5 }))).toEqual({
      name: 'Holiday',
      description: 'Two weeks in Portugal',
      targetAmount: '1000.50',
      targetDate: '2026-08-24',
      category: 'vacation',
      icon: 'plane',
      color: '#0EA5E9',
    })
  })
})

describe('the contribution form', () => {
  const schema = makeContributionSchema(today)
  const valid = { ...emptyContributionForm(TODAY), amount: '25.5' }

  it('defaults to today, Savings contribution and source other', () => {
    expect(emptyContributionForm(TODAY)).toEqual({
      amount: '',
      date: TODAY,
      description: 'Savings contribution',
      source: 'other',
      notes: '',
    })
  })

  it('sends the amount as decimal text', () => {
    expect(toContributionBody(schema.parse({ ...valid, source: 'bank_transfer' }))).toEqual({
      amount: '25.50',
      date: TODAY,
      description: 'Savings contribution',
      source: 'bank_transfer',
      notes: '',
    })
    expect(toContributionBody(schema.parse({ ...valid, description: '  ' })).description).toBe('Savings contribution')
  })

  it.each([
    ['amount', '', contributionMessages.amountRequired],
    ['amount', '0', contributionMessages.amountPositive],
    ['amount', '-1', contributionMessages.amountPositive],
    ['amount', 'ten', contributionMessages.amountNumber],
    ['amount', '1.001', contributionMessages.amountDecimals],
    ['date', '', contributionMessages.dateRequired],
    ['date', '2026-07-11', contributionMessages.dateFuture],
    ['description', 'x'.repeat(201), contributionMessages.descriptionMax],
    ['notes', 'x'.repeat(301), contributionMessages.notesMax],
    ['source', 'lottery', contributionMessages.sourceInvalid],
  ])('%s %j: %s', (field, value, message) => {
    expect(firstErrors(schema, { ...valid, [field]: value })[field]).toBe(message)
  })

  it('takes a contribution dated today or earlier', () => {
    expect(firstErrors(schema, { ...valid, date: TODAY })).toEqual({})
    expect(firstErrors(schema, { ...valid, date: '2025-01-01' })).toEqual({})
  })
})
