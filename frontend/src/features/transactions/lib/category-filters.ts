/**
 * Which categories the transaction form offers: in the income view,
 * those whose name mentions salary or income, or that are not a common expense;
 * in the expense view, those whose name does not mention salary or income.
 */

import { isIncomeCategoryName } from '@/lib/ledger/category-kind'

/** Lower-case names of common spending categories, the default ones included. */
export const COMMON_EXPENSE_NAMES: ReadonlySet<string> = new Set([
  // The server's default expense categories.
  'groceries',
  'eating out',
  'rent & mortgage',
  'bills & utilities',
  'transport',
  'shopping',
  'entertainment',
  'subscriptions',
  'health & fitness',
  'phone & internet',
  'travel',
  'education',
  'gifts & donations',
  'coffee & snacks',
  // Other everyday spending names users often create.
  'food',
  'food & dining',
  'dining',
  'restaurants',
  'takeaway',
  'rent',
  'mortgage',
  'bills',
  'utilities',
  'electricity',
  'gas',
  'water',
  'council tax',
  'insurance',
  'fuel',
  'petrol',
  'parking',
  'car',
  'health',
  'healthcare',
  'fitness',
  'gym',
  'clothing',
  'clothes',
  'household',
  'home',
  'personal care',
  'childcare',
  'pets',
  'gifts',
  'charity',
  'holidays',
  'phone',
  'internet',
  'coffee',
  'books',
  'hobbies',
])

type Named = { name: string }

/** The name mentions salary or income (any case): the shared rule. */
export const mentionsIncome = isIncomeCategoryName

export function isCommonExpenseName(name: string): boolean {
  return COMMON_EXPENSE_NAMES.has(name.trim().toLowerCase())
}

/** Categories offered for an income. */
export function incomeCategories<T extends Named>(categories: readonly T[]): T[] {
  return categories.filter((c) => mentionsIncome(c.name) || !isCommonExpenseName(c.name))
}

/** Categories offered for an expense. */
export function expenseCategories<T extends Named>(categories: readonly T[]): T[] {
  return categories.filter((c) => !mentionsIncome(c.name))
}

export function categoriesForType<T extends Named>(
  type: 'income' | 'expense',
  categories: readonly T[],
): T[] {
  return type === 'income' ? incomeCategories(categories) : expenseCategories(categories)
}
