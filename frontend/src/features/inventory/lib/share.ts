import { formatDate, formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { InventoryItem } from '../api/types'
import { stockLabel } from './stock'

/** What Share sends or copies: 'Milk: 2 bottle in stock' (spec doc 2, Inventory item detail). */
export function shareText(item: Pick<InventoryItem, 'name' | 'currentStock' | 'unit'>): string {
  return `${item.name}: ${stockLabel(item)}`
}

/** What Copy Details copies: the share line, then each filled-in field on its own line. */
export function detailsText(item: InventoryItem): string {
  const lines = [shareText(item)]
  const add = (label: string, value: string | null | undefined) => {
    if (value) lines.push(`${label}: ${value}`)
  }
  add('Category', item.category)
  add('Brand', item.brand)
  add('Last Price', formatMoney(toPence(item.lastPrice)))
  add('Preferred Store', item.preferredStore)
  add('Expiry Date', item.expiryDate ? formatDate(item.expiryDate.slice(0, 10)) : null)
  add('Location in House', item.locationInHouse)
  add('Default Needed', String(item.defaultNeeded))
  return lines.join('\n')
}
