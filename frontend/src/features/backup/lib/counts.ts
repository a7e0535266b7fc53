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
  ['photos', 'photo', 'photos'],
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

/** Photos the backup named but did not bring: said plainly, so a blank item is no surprise. */
export function missingPhotosText(counts: Partial<RestoreCounts> | undefined): string {
  const n = counts?.photosMissing ?? 0
  if (n === 0) return ''
  return n === 1
    ? '1 item photo was not in the backup; that item has no photo'
    : `${n} item photos were not in the backup; those items have no photo`
}
