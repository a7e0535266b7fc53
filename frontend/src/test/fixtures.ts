import type { Account, Category, Tag, Transaction, User } from '@/lib/api/types'
import type { components } from '@/lib/api/schema'

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Alice Smith',
    email: 'alice@example.com',
    role: 'user',
    isActive: true,
    isVerified: true,
    canConnectBank: false,
    canFinalizeMonth: false,
    twoFactorEnabled: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  }
}


export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    _id: 'acc-current',
    name: 'Everyday Current',
    type: 'current',
    initialBalance: 1000,
    currentBalance: 1000,
    calculatedBalance: 1000,
    creditLimit: null,
    totalIncome: 0,
    totalExpenses: 0,
    totalTransfers: 0,
    visibility: 'household',
    ownerId: 'u1',
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  }
}

/** A category; its type (income or expense) follows its name, as the server's default does. */
export function makeCategory(overrides: Partial<Category> = {}): Category {
  const name = overrides.name ?? 'Groceries'
  return {
    _id: 'cat-groceries',
    name,
    description: 'Supermarket and food shopping',
    color: '#4CAF50',
    icon: 'shopping-cart',
    type: /salary|income/i.test(name) ? 'income' : 'expense',
    isDefault: true,
    transactionCount: 0,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  }
}

export const defaultCategories: Category[] = [
  makeCategory(),
  makeCategory({ _id: 'cat-travel', name: 'Travel', icon: 'plane', color: '#03A9F4' }),
  makeCategory({ _id: 'cat-salary', name: 'Salary', icon: 'briefcase', color: '#009688' }),
  makeCategory({ _id: 'cat-other-income', name: 'Other Income', icon: 'trending-up', color: '#CDDC39' }),
  makeCategory({ _id: 'cat-hobby', name: 'Hobby Stuff', icon: 'camera', color: '#9C27B0', isDefault: false }),
]

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    _id: 'tx-1',
    amount: -12.5,
    description: 'Weekly shop',
    type: 'expense',
    categoryId: { _id: 'cat-groceries', name: 'Groceries', color: '#4CAF50' },
    accountId: { _id: 'acc-current', name: 'Everyday Current', type: 'current' },
    date: '2026-06-15',
    notes: '',
    isTransfer: false,
    looksLikeTransfer: false,
    paired: null,
    status: 'completed',
    balanceAfterTransaction: 987.5,
    relatedTransferTransaction: null,
    recurringTransaction: null,
    source: 'manual',
    createdAt: '2026-06-15T10:00:00.000Z',
    tags: [],
    receiptCount: 0,
    splits: [],
    ...overrides,
  }
}

/** The £84.20 Tesco shop split £61.00 Groceries + £23.20 Travel (with a note), as the server answers it. */
export function makeSplitTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return makeTransaction({
    _id: 'tx-tesco',
    description: 'Tesco',
    amount: -84.2,
    categoryId: null,
    splits: [
      { _id: 'sp-1', category: { _id: 'cat-groceries', name: 'Groceries', color: '#4CAF50' }, amount: 61, note: '' },
      { _id: 'sp-2', category: { _id: 'cat-travel', name: 'Travel', color: '#03A9F4' }, amount: 23.2, note: 'Bus pass' },
    ],
    ...overrides,
  })
}

export function makeTag(overrides: Partial<Tag> = {}): Tag {
  return { _id: 'tag-holiday', name: 'Holiday 2026', color: '#2196F3', transactionCount: 2, ...overrides }
}

export const emptySummary = {
  totalIncome: 0,
  totalExpenses: 0,
  balance: 0,
  netAmount: 0,
  transactionCount: 0,
  transferLegCount: 0,
  declinedCount: 0,
}

type YearlyReport = components['schemas']['YearlyReportDto']
type ReportSummary = components['schemas']['ReportSummaryDto']

/** A report summary of a period with nothing in it. */
export function emptyReportSummary(): ReportSummary {
  return {
    totalIncome: 0,
    totalExpenses: 0,
    netAmount: 0,
    totalTransactions: 0,
    incomeCount: 0,
    expenseCount: 0,
    transferLegCount: 0,
    openingBalance: 0,
    closingBalance: 0,
  }
}

/** A year's report with nothing in it (twelve empty months unless given), for GET /reports/yearly. */
export function makeYearlyReport(overrides: Partial<YearlyReport> = {}): YearlyReport {
  const zero = { income: 0, expenses: 0, net: 0, incomeCount: 0, expenseCount: 0 }
  const names = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
  return {
    year: 2026,
    months: names.map((monthName, i) => ({ month: i + 1, monthName, ...zero })),
    total: { month: 0, monthName: '', ...zero },
    summary: emptyReportSummary(),
    breakdown: { income: [], expenses: [] },
    ...overrides,
  }
}
