/**
 * The recurring form's type toggle (spec doc 2 §4): income mode keeps the categories whose name
 * mentions salary or income, or that are not a common expense name; expense mode hides the
 * categories whose name mentions salary or income. The common expense names are the list the
 * transaction form uses (lib/ledger/category-kind.ts), so both forms offer the same categories.
 */
import { isCommonExpenseName, isIncomeCategoryName } from '@/lib/ledger/category-kind'
import type { RecurringEntryType } from '../api/types'

type Named = { name: string }

export function recurringCategories<T extends Named>(type: RecurringEntryType, categories: readonly T[]): T[] {
  return type === 'income'
    ? categories.filter((c) => isIncomeCategoryName(c.name) || !isCommonExpenseName(c.name))
    : categories.filter((c) => !isIncomeCategoryName(c.name))
}
