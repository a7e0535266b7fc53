/**
 * The writes the shopping list and inventory screens may make without a connection, and how each
 * shows before the server has it: laid over the server's last answer (live or stored), so a
 * screen shows the new quantity or stock at once and again after a reload.
 */
import { toPence } from '@/lib/money'
import type { InventoryItem, ShoppingEntry, StockStatus } from '../api/types'

export type OfflineChange =
  /** PUT /shopping-list/{id} {quantityToBuy}. */
  | { kind: 'set-quantity'; entryId: string; quantity: number }
  /** PUT /shopping-list/{id}/tick {ticked}: the household's tick, seen by every member. */
  | { kind: 'set-ticked'; entryId: string; ticked: boolean }
  /** DELETE /shopping-list/{id}. */
  | { kind: 'remove-entry'; entryId: string }
  /** PATCH /inventory-items/{id}/decrement. */
  | { kind: 'decrement'; itemId: string }

/** A queued change's kind and payload as the typed change, or null for one this version does not know. */
export function asOfflineChange(kind: string, payload: unknown): OfflineChange | null {
  const p = (payload ?? {}) as Record<string, unknown>
  if (kind === 'set-quantity' && typeof p.entryId === 'string' && typeof p.quantity === 'number') {
    return { kind, entryId: p.entryId, quantity: p.quantity }
  }
  if (kind === 'set-ticked' && typeof p.entryId === 'string' && typeof p.ticked === 'boolean') {
    return { kind, entryId: p.entryId, ticked: p.ticked }
  }
  if (kind === 'remove-entry' && typeof p.entryId === 'string') return { kind, entryId: p.entryId }
  if (kind === 'decrement' && typeof p.itemId === 'string') return { kind, itemId: p.itemId }
  return null
}

/** The payload kept in the queue: the change without its kind. */
export function payloadOf(change: OfflineChange): Record<string, unknown> {
  const { kind: _kind, ...payload } = change
  return payload
}

/** The stock colour the server would give (domain/src/inventory.rs `stock_colour`). */
export function stockStatusFor(needed: number, stock: number): StockStatus {
  if (needed <= 0) return 'green'
  if (stock <= 0) return 'red'
  return stock >= Math.min(needed, 3) ? 'green' : 'amber'
}

/** The item after `uses` decrements, its figures recomputed as the server would. */
function usedItem(item: InventoryItem, uses: number): InventoryItem {
  if (uses === 0) return item
  const currentStock = Math.max(0, item.currentStock - uses)
  return {
    ...item,
    currentStock,
    stockStatus: stockStatusFor(item.defaultNeeded, currentStock),
    quantityToBuy: Math.max(0, item.defaultNeeded - currentStock),
    currentStockValue: (toPence(item.lastPrice) * currentStock) / 100,
  }
}

function usesOf(changes: readonly OfflineChange[], itemId: string): number {
  return changes.filter((c) => c.kind === 'decrement' && c.itemId === itemId).length
}

export function applyToItem(item: InventoryItem, changes: readonly OfflineChange[]): InventoryItem {
  return usedItem(item, usesOf(changes, item._id))
}

export function applyToItems(items: readonly InventoryItem[], changes: readonly OfflineChange[]): InventoryItem[] {
  if (changes.length === 0) return items as InventoryItem[]
  return items.map((item) => applyToItem(item, changes))
}

/**
 * The entry ticked or not, as the server will make it: a tick on an entry already ticked leaves it
 * as it is (whoever ticked it first stays named); a new tick is this member's, who is not named to
 * themselves; an untick names no one.
 */
function withTick(entry: ShoppingEntry, ticked: boolean): ShoppingEntry {
  if (ticked === entry.ticked) return entry
  return { ...entry, ticked, tickedBy: null }
}

/** The list with removed entries gone, quantities and ticks set, and its items' stock used. */
export function applyToEntries(entries: readonly ShoppingEntry[], changes: readonly OfflineChange[]): ShoppingEntry[] {
  if (changes.length === 0) return entries as ShoppingEntry[]
  const removed = new Set(changes.flatMap((c) => (c.kind === 'remove-entry' ? [c.entryId] : [])))
  return entries
    .filter((entry) => !removed.has(entry._id))
    .map((entry) => {
      let quantityToBuy = entry.quantityToBuy
      let shown = entry
      for (const c of changes) {
        if (c.kind === 'set-quantity' && c.entryId === entry._id) quantityToBuy = c.quantity
        else if (c.kind === 'set-ticked' && c.entryId === entry._id) shown = withTick(shown, c.ticked)
      }
      const inventoryItem = entry.inventoryItem ? applyToItem(entry.inventoryItem, changes) : entry.inventoryItem
      return quantityToBuy === entry.quantityToBuy && inventoryItem === entry.inventoryItem
        ? shown
        : { ...shown, quantityToBuy, inventoryItem }
    })
}

/** The server's search, for a stored copy: name, brand or preferred store, any case. */
export function matchesSearch(item: InventoryItem, term: string): boolean {
  const t = term.trim().toLowerCase()
  if (t === '') return true
  return [item.name, item.brand, item.preferredStore].some((field) => (field ?? '').toLowerCase().includes(t))
}
