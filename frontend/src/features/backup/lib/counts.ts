import type { components } from '@/lib/api/schema'

type RestoreCounts = components['schemas']['RestoreCountsDto']

/** Each count's words, one and many, in the order they are listed. */
const LABELS: [keyof RestoreCounts, string, string][] = [
  ['accounts', 'account', 'accounts'],
  ['transactions', 'transaction', 'transactions'],
  ['categories', 'category', 'categories'],
  ['budgets', 'budget', 'budgets'],
  ['recurring', 'recurring payment', 'recurring payments'],
  ['goals', 'goal', 'goals'],
  ['inventory', 'inventory item', 'inventory items'],
  ['rules', 'rule', 'rules'],
]

/** '3 accounts, 120 transactions': the non-zero counts of a restore. */
export function restoredCountsText(counts: Partial<RestoreCounts> | undefined): string {
  if (!counts) return ''
  return LABELS.filter(([key]) => (counts[key] ?? 0) > 0)
    .map(([key, one, many]) => {
      const n = counts[key] ?? 0
      return `${n} ${n === 1 ? one : many}`
    })
    .join(', ')
}
