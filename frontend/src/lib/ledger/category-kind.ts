/**
 * An income category: its name mentions salary or income, in any case. The server applies the same rule (domain::categories::is_income_name).
 */
export function isIncomeCategoryName(name: string): boolean {
  const lower = name.toLowerCase()
  return lower.includes('salary') || lower.includes('income')
}
