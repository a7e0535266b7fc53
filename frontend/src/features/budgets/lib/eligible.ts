/** Which categories may get a new budget (spec doc 2 'Budgets'). */

type NamedCategory = { _id: string; name: string }

const INCOME_WORDS = /salary|income/i

/** An income category: its name contains salary or income, in any case. */
export function isIncomeCategoryName(name: string): boolean {
  return INCOME_WORDS.test(name)
}

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
