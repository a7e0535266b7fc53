import type { MonthSummary, MonthSummaryItem, RecurringTemplate } from '../api/types'

/** Test data for the recurring feature. */
export function makeTemplate(overrides: Partial<RecurringTemplate> = {}): RecurringTemplate {
  return {
    _id: 'rt-netflix',
    amount: -12.99,
    description: 'Netflix',
    type: 'expense',
    categoryId: { _id: 'cat-subs', name: 'Subscriptions', color: '#E91E63', icon: 'tv' },
    accountId: { _id: 'acc-current', name: 'Everyday Current', type: 'current' },
    fromAccountId: null,
    toAccountId: null,
    frequency: 'monthly',
    startDate: '2026-01-15',
    nextDue: '2026-07-15',
    notes: '',
    isActive: true,
    dueStatus: { days: 5, text: 'Due in 5 days', tone: 'near' },
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  }
}

export function makeTransferTemplate(overrides: Partial<RecurringTemplate> = {}): RecurringTemplate {
  return makeTemplate({
    _id: 'rt-savings',
    amount: 200,
    description: 'Monthly savings',
    type: 'transfer',
    categoryId: null,
    accountId: null,
    fromAccountId: { _id: 'acc-current', name: 'Everyday Current', type: 'current' },
    toAccountId: { _id: 'acc-savings', name: 'Rainy Day', type: 'savings' },
    ...overrides,
  })
}

export function makeSummaryItem(overrides: Partial<MonthSummaryItem> = {}): MonthSummaryItem {
  return {
    id: 'rt-netflix',
    description: 'Netflix',
    amount: -12.99,
    type: 'expense',
    category: { _id: 'cat-subs', name: 'Subscriptions', icon: 'tv', color: '#E91E63' },
    date: '2026-07-20',
    timeText: 'Due in 5 days',
    ...overrides,
  }
}

export function makeMonthSummary(overrides: Partial<MonthSummary> = {}): MonthSummary {
  return {
    summary: { totalAmount: 0, paidAmount: 0, remainingAmount: 0, totalCount: 0, paidCount: 0, upcomingCount: 0 },
    paidItems: [],
    upcomingItems: [],
    month: { start: '2026-07-01', end: '2026-07-31', name: 'July 2026' },
    ...overrides,
  }
}
