/**
 * The shopping list's trip (spec doc 2 §4, §5): the entries ticked for purchase (the household's,
 * kept on the server: `entry.ticked`) and the Qty, Price and Store typed on each row (this
 * device's, not sent until the trip). The ticked rows become the trip's lines. Money is integer
 * pence; prices are typed as decimal text.
 */
import { parseAmountText, penceToDecimalText, toPence } from '@/lib/money'
import type { ShoppingEntry, TripLine } from '../api/types'

/** A row's fields as typed: quantity and price as text ('' allowed while editing). */
export type RowEdits = { quantity: string; price: string; store: string }
export type RowField = keyof RowEdits

export type ShoppingSelection = {
  /** Rows the user edited on this device, by entry id; the others show their defaults. */
  edits: Readonly<Record<string, RowEdits>>
}

export const EMPTY_SELECTION: ShoppingSelection = { edits: {} }

const QUANTITY_TEXT = /^\d*$/
const PRICE_TEXT = /^\d*(\.\d*)?$/

/** A row quantity: only a non-negative whole number, or empty while typing. */
export function isRowQuantityText(text: string): boolean {
  return QUANTITY_TEXT.test(text)
}

/** A row price: only digits with one optional decimal point ('', '1', '1.', '.5', '1.15'). */
export function isRowPriceText(text: string): boolean {
  return PRICE_TEXT.test(text)
}

/** A row's fields before any edit: the list quantity, the item's last price and preferred store. */
export function defaultEdits(entry: ShoppingEntry): RowEdits {
  return {
    quantity: String(entry.quantityToBuy),
    price: penceToDecimalText(toPence(entry.inventoryItem?.lastPrice ?? 0)),
    store: entry.inventoryItem?.preferredStore ?? '',
  }
}

export function editsOf(selection: ShoppingSelection, entry: ShoppingEntry): RowEdits {
  return selection.edits[entry._id] ?? defaultEdits(entry)
}

/**
 * The selection with one field of a row changed; text the field does not accept (a letter in
 * Qty, a second point in Price) leaves the selection as it was.
 */
export function withEdit(
  selection: ShoppingSelection,
  entry: ShoppingEntry,
  field: RowField,
  value: string,
): ShoppingSelection {
  if (field === 'quantity' && !isRowQuantityText(value)) return selection
  if (field === 'price' && !isRowPriceText(value)) return selection
  const edits = { ...editsOf(selection, entry), [field]: value }
  return { ...selection, edits: { ...selection.edits, [entry._id]: edits } }
}

/** Keeps only what refers to entries still on the list (after a removal, a trip or a reload). */
export function pruneSelection(selection: ShoppingSelection, entries: readonly ShoppingEntry[]): ShoppingSelection {
  const ids = new Set(entries.map((e) => e._id))
  const edits = Object.fromEntries(Object.entries(selection.edits).filter(([id]) => ids.has(id)))
  return Object.keys(edits).length === Object.keys(selection.edits).length ? selection : { edits }
}

/** The quantity a row buys: what was typed, or the list quantity when the field is empty. */
export function rowQuantity(entry: ShoppingEntry, edits: RowEdits): number {
  return edits.quantity === '' ? entry.quantityToBuy : Number(edits.quantity)
}

/** A typed price in pence; text that is not an amount ('', '.', '1.234') counts as 0. */
export function pricePence(text: string): number {
  const parsed = parseAmountText(text)
  return parsed.ok && parsed.pence >= 0 ? parsed.pence : 0
}

/** Quantity × price of a row, in pence. */
export function linePence(entry: ShoppingEntry, edits: RowEdits): number {
  return rowQuantity(entry, edits) * pricePence(edits.price)
}

/** The ticked entries (by whichever member), in list order. */
export function tickedEntries(entries: readonly ShoppingEntry[]): ShoppingEntry[] {
  return entries.filter((e) => e.ticked)
}

/** Σ quantity × price over the ticked rows, in integer pence. */
export function selectionTotalPence(selection: ShoppingSelection, entries: readonly ShoppingEntry[]): number {
  let total = 0
  for (const entry of tickedEntries(entries)) total += linePence(entry, editsOf(selection, entry))
  return total
}

/**
 * The trip's lines: one per ticked row, its price as decimal text (the amount the total used).
 * A row another member ticked buys at the figures this device shows for it.
 */
export function tripLines(selection: ShoppingSelection, entries: readonly ShoppingEntry[]): TripLine[] {
  return tickedEntries(entries).map((entry) => {
    const edits = editsOf(selection, entry)
    return {
      inventoryItemId: entry.inventoryItem._id,
      quantity: rowQuantity(entry, edits),
      price: penceToDecimalText(pricePence(edits.price)),
      store: edits.store.trim(),
    }
  })
}
