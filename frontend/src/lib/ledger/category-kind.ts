/**
 * An income category: its name mentions salary or income, in any case. The server applies the same rule (domain::categories::is_income_name).
 */
export function isIncomeCategoryName(name: string): boolean {
  const lower = name.toLowerCase()
  return lower.includes('salary') || lower.includes('income')
}

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

/** The name, trimmed and ignoring case, is one of COMMON_EXPENSE_NAMES. */
export function isCommonExpenseName(name: string): boolean {
  return COMMON_EXPENSE_NAMES.has(name.trim().toLowerCase())
}
