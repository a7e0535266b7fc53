/** Which categories may get a new budget (spec doc 2 'Budgets'). */
import { type CategoryKind, isIncomeCategory } from '@/lib/ledger/category-kind'

type BudgetableCategory = { _id: string; type: CategoryKind }

/**
 * The spending categories without a budget, in the given order: income categories are left
 * out, and so are those already budgeted.
 */
export function eligibleCategories<C extends BudgetableCategory>(
  categories: C[],
  budgets: { categoryId: { _id: string } }[],
): C[] {
  const budgeted = new Set(budgets.map((b) => b.categoryId._id))
  return categories.filter((c) => !isIncomeCategory(c) && !budgeted.has(c._id))
}
