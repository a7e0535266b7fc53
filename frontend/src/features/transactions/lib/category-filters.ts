/**
 * Which categories the transaction form offers: in the income view,
 * those whose name mentions salary or income, or that are not a common expense;
 * in the expense view, those whose name does not mention salary or income.
 */

import { isCommonExpenseName, isIncomeCategoryName } from '@/lib/ledger/category-kind'

// The list is shared with the recurring form (spec doc 2 §4), so it lives in lib/ledger.
export { COMMON_EXPENSE_NAMES, isCommonExpenseName } from '@/lib/ledger/category-kind'

type Named = { name: string }

/** The name mentions salary or income (any case): the shared rule. */
export const mentionsIncome = isIncomeCategoryName

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
