/**
 * The Qty, Price and Store typed on the shopping list, kept on the device (localStorage), so they
 * survive a reload in a shop with no signal. Ticks are the household's and live on the server
 * (made offline, they wait in the offline queue); the ticks an older version kept here are not
 * read. Entries that left the list are pruned when it is read against the list (see
 * pruneSelection).
 */
import { EMPTY_SELECTION, type RowEdits, type ShoppingSelection } from './selection'

export const SELECTION_STORAGE_KEY = 'shopping-selection'

const isText = (v: unknown): v is string => typeof v === 'string'

function isRowEdits(v: unknown): v is RowEdits {
  const r = v as Partial<RowEdits> | null
  return typeof r === 'object' && r !== null && isText(r.quantity) && isText(r.price) && isText(r.store)
}

/** The saved selection, or none when there is none or it cannot be read. */
export function loadSelection(): ShoppingSelection {
  try {
    const raw = JSON.parse(window.localStorage.getItem(SELECTION_STORAGE_KEY) ?? 'null') as Partial<ShoppingSelection> | null
    if (!raw || typeof raw.edits !== 'object' || raw.edits === null) return EMPTY_SELECTION
    const edits = Object.fromEntries(Object.entries(raw.edits).filter(([, e]) => isRowEdits(e)))
    return { edits }
  } catch {
    return EMPTY_SELECTION
  }
}

export function saveSelection(selection: ShoppingSelection): void {
  try {
    if (Object.keys(selection.edits).length === 0) {
      window.localStorage.removeItem(SELECTION_STORAGE_KEY)
    } else {
      window.localStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify(selection))
    }
  } catch {
    // Storage full or blocked: the selection lives for this visit only.
  }
}
