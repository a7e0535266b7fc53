import type { InventoryItem, StockStatus } from '../api/types'
import { unitCount } from './units'

/** The Chakra palette of a stock status (spec doc 2 §4; the server decides the status). */
const STOCK_PALETTES: Record<StockStatus, string> = { green: 'green', amber: 'orange', red: 'red' }

export function stockPalette(status: string): string {
  return STOCK_PALETTES[status as StockStatus] ?? 'gray'
}

/** What the status means, for assistive technology and tooltips. */
const STOCK_MEANINGS: Record<StockStatus, string> = {
  green: 'Well stocked',
  amber: 'Running low',
  red: 'Out of stock',
}

export function stockMeaning(status: string): string {
  return STOCK_MEANINGS[status as StockStatus] ?? 'Stock unknown'
}

/** '3 items in stock', '1 tin in stock' (the spec's 'N unit in stock', with plurals). */
export function stockLabel(item: Pick<InventoryItem, 'currentStock' | 'unit'>): string {
  return `${unitCount(item.currentStock, item.unit)} in stock`
}

/** What to buy to reach the need: max(0, default needed − stock) (spec doc 2 §4). */
export function restockQuantity(item: Pick<InventoryItem, 'currentStock' | 'defaultNeeded'>): number {
  return Math.max(0, item.defaultNeeded - item.currentStock)
}
