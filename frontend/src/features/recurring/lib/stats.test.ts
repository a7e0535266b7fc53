import { describe, expect, it } from 'vitest'
import { addDays } from '@/lib/calendar-day'
import { emptyStateOf, recurringStats, visibleTemplates } from './stats'
import { makeTemplate, makeTransferTemplate } from './test-fixtures'

const today = '2026-07-10'

describe('recurringStats', () => {
  it('counts overdue and due-soon among active templates only', () => {
    const templates = [
      makeTemplate({ _id: 'a', nextDue: addDays(today, -2) }),
      makeTemplate({ _id: 'b', nextDue: today }),
      makeTemplate({ _id: 'c', nextDue: addDays(today, 1) }),
      makeTemplate({ _id: 'd', nextDue: addDays(today, 7) }),
      makeTemplate({ _id: 'e', nextDue: addDays(today, 8) }),
      // Paused: never overdue or due soon.
      makeTemplate({ _id: 'f', nextDue: addDays(today, -5), isActive: false }),
      makeTemplate({ _id: 'g', nextDue: addDays(today, 2), isActive: false }),
    ]
    expect(recurringStats(templates, today)).toMatchObject({
      overdue: 2,
      dueSoon: 2,
      active: 5,
    })
  })

  it('counts as bills and subscriptions only the active expenses: no income, transfer or paused one', () => {
    const templates = [
      makeTemplate({ _id: 'netflix' }),
      makeTemplate({ _id: 'rent', amount: -950, categoryId: { _id: 'cat-rent', name: 'Rent & Mortgage', color: '#000', icon: 'home' } }),
      makeTemplate({ _id: 'salary', amount: 2500, type: 'income', categoryId: null }),
      makeTransferTemplate(),
      makeTemplate({ _id: 'gym', isActive: false }),
    ]
    expect(recurringStats(templates, today)).toMatchObject({ bills: 2, active: 4 })
  })

  it('adds active expenses and transfers at their monthly rate, leaving out income and paused ones', () => {
    const templates = [
      makeTemplate({ amount: -12.99, frequency: 'monthly' }),
      // £10 a week: 52 × 10 / 12 = £43.333…
      makeTemplate({ amount: -10, frequency: 'weekly' }),
      // £120 a year: £10 a month.
      makeTemplate({ amount: -120, frequency: 'yearly' }),
      makeTransferTemplate({ amount: 200 }),
      makeTemplate({ amount: 2500, type: 'income', categoryId: null }),
      makeTemplate({ amount: -999, isActive: false }),
    ]
    // (1299×12 + 1000×52 + 12000 + 20000×12) / 12 = 26632.33… → 26632 pence.
    expect(recurringStats(templates, today).monthlyCashFlowPence).toBe(26632)
  })

  it('is all zero without templates', () => {
    expect(recurringStats([], today)).toEqual({
      monthlyCashFlowPence: 0,
      bills: 0,
      overdue: 0,
      dueSoon: 0,
      active: 0,
    })
  })
})

describe('the list and its empty states', () => {
  const active = makeTemplate({ _id: 'on' })
  const paused = makeTemplate({ _id: 'off', isActive: false })

  it('shows the active templates, or with Show Inactive the paused ones', () => {
    expect(visibleTemplates([active, paused], false).map((t) => t._id)).toEqual(['on'])
    expect(visibleTemplates([active, paused], true).map((t) => t._id)).toEqual(['off'])
  })

  it.each([
    [[], false, 'none-yet'],
    [[], true, 'none-yet'],
    [[active], true, 'no-inactive'],
    [[paused], false, 'no-active'],
    [[active, paused], false, null],
    [[active, paused], true, null],
  ] as const)('%#: empty state %s', (templates, showInactive, state) => {
    expect(emptyStateOf(templates, showInactive)).toBe(state)
  })
})
