/** Which categories may get a new budget (spec doc 2 'Budgets'). */

import { isIncomeCategoryName } from '@/lib/ledger/category-kind'

export { isIncomeCategoryName }

type NamedCategory = { _id: string; name: string }

/**
 * The expense categories without a budget, in the given order: names with
 * salary or income are left out, and so are those already budgeted.
 */
export function eligibleCategories<C extends NamedCategory>(
  categories: C[],
  budgets: { categoryId: { _id: string } }[],
): C[] {
  const budgeted = new Set(budgets.map((b) => b.categoryId._id))
  return categories.filter((c) => !isIncomeCategoryName(c.name) && !budgeted.has(c._id))
}
