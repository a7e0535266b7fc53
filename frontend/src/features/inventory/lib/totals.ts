import { toPence } from '@/lib/money'
import type { InventoryItem } from '../api/types'

type Priced = Pick<InventoryItem, 'lastPrice' | 'defaultNeeded' | 'currentStock'>

/** Price × default needed, in integer pence (the list's Total column, the detail's Total Value). */
export function totalValuePence(item: Priced): number {
  return toPence(item.lastPrice) * item.defaultNeeded
}

/** Price × current stock, in integer pence (Current Stock value). */
export function stockValuePence(item: Priced): number {
  return toPence(item.lastPrice) * item.currentStock
}

export type InventoryTotals = { count: number; grandTotalPence: number; stockValuePence: number }

/** The list's footer: Grand Total (N items) and Current Stock Value, summed in pence. */
export function inventoryTotals(items: readonly Priced[]): InventoryTotals {
  let grandTotalPence = 0
  let stockValue = 0
  for (const item of items) {
    grandTotalPence += totalValuePence(item)
    stockValue += stockValuePence(item)
  }
  return { count: items.length, grandTotalPence, stockValuePence: stockValue }
}
