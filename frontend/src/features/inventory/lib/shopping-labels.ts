/** What a shopping-list row says about its entry (spec doc 2 §2 Shopping list). */
import type { ShoppingEntry } from '../api/types'
import { unitCount } from './units'

export const UNKNOWN_ITEM = 'Unknown Item'

/** The item's name, or 'Unknown Item' when the entry lost its item or the name is blank. */
export function entryName(entry: ShoppingEntry): string {
  const name = entry.inventoryItem?.name?.trim()
  return name ? name : UNKNOWN_ITEM
}

/** '1 item', '3 items'. */
export function quantityLabel(quantity: number): string {
  return `${quantity} ${quantity > 1 ? 'items' : 'item'}`
}

/** Added by the stock rule rather than by hand: the flag, or an id the server made ('auto_…'). */
export function isAutoAdded(entry: Pick<ShoppingEntry, '_id' | 'isAutoAdded'>): boolean {
  return entry.isAutoAdded || entry._id.startsWith('auto_')
}

/** The stock chip's palette: red when none is left, otherwise the warning colour. */
export function stockPalette(currentStock: number): 'red' | 'orange' {
  return currentStock <= 0 ? 'red' : 'orange'
}

/** 'Stock: 2 pieces', 'Stock: 0 cartons'. */
export function stockLabel(currentStock: number, unit: string): string {
  return `Stock: ${unitCount(currentStock, unit)}`
}

/** An add-dialog option: 'Milk - Cravendale (1 litres in stock)', without the brand when blank. */
export function itemOptionLabel(item: { name: string; brand: string; currentStock: number; unit: string }): string {
  const brand = item.brand.trim() ? ` - ${item.brand.trim()}` : ''
  const unit = item.unit ? ` ${item.unit}` : ''
  return `${item.name}${brand} (${item.currentStock}${unit} in stock)`
}
