/**
 * What a category is for, as its `type` says: an income category is offered for income and
 * never budgeted; a spending (expense) category is offered for spending. The user chooses it in
 * the category dialog; a category made without a choice is income when its name mentions salary
 * or income (the server's default, domain::categories::kind_of_name).
 */
export type CategoryKind = 'income' | 'expense'

type Kinded = { type: CategoryKind }

export function isIncomeCategory(category: Kinded): boolean {
  return category.type === 'income'
}

/**
 * The categories a form offers for an income or an expense (the transaction form, its recurring
 * twin, a shopping trip's expense): those of that kind, in the given order.
 */
export function categoriesForType<T extends Kinded>(type: CategoryKind, categories: readonly T[]): T[] {
  return categories.filter((c) => c.type === type)
}

/** The kind a new category's dialog starts with for a name typed: income when it says so. */
export function kindOfName(name: string): CategoryKind {
  const lower = name.toLowerCase()
  return lower.includes('salary') || lower.includes('income') ? 'income' : 'expense'
}
