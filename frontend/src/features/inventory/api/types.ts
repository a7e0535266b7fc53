/**
 * Wire types of the inventory and shopping-list calls (hand-written from the server's DTOs; to be
 * replaced by names of the generated schema). Amounts are pounds as JSON numbers; days 'YYYY-MM-DD'.
 */
export type StockStatus = 'green' | 'amber' | 'red'
export type ExpiryStatus = 'expired' | 'expiring_soon' | 'fresh'

export type InventoryItem = {
  _id: string
  name: string
  category: string
  brand: string
  currentStock: number
  defaultNeeded: number
  /** Per unit. */
  lastPrice: number
  preferredStore: string
  unit: string
  expiryDate?: string | null
  type: string
  size: string
  locationInHouse: string
  /** Server-relative path of the photo ('' for none). */
  image: string
  createdAt: string
  /** green, amber or red (the domain's rule; the server decides). */
  stockStatus: string
  /** expired, expiring_soon or fresh; null without an expiry date. */
  expiryStatus?: string | null
  /** What is missing to reach the need (0 when enough). */
  quantityToBuy: number
  /** Price × default needed. */
  totalValue: number
  /** Price × current stock. */
  currentStockValue: number
}

export type InventoryListResponse = { success: boolean; data: InventoryItem[] }
export type InventoryItemResponse = { success: boolean; data: InventoryItem; message?: string }

/** POST and PUT /inventory-items. Counts as numbers or text; the price as decimal text ('1.15'). */
export type InventoryItemBody = {
  name: string
  category: string
  brand: string
  currentStock: string
  defaultNeeded: string
  lastPrice: string
  preferredStore: string
  unit: string
  /** '' or 'YYYY-MM-DD'. */
  expiryDate: string | null
  type: string
  size: string
  locationInHouse: string
  image: string
}

export type ShoppingEntry = {
  _id: string
  inventoryItem: InventoryItem
  quantityToBuy: number
  addedManually: boolean
  isAutoAdded: boolean
}
export type ShoppingListResponse = { success: boolean; data: ShoppingEntry[] }
export type GroupedShoppingListResponse = {
  success: boolean
  data: { items: ShoppingEntry[]; groupedItems: Record<string, ShoppingEntry[]> }
}
export type ShoppingEntryResponse = { success: boolean; data: ShoppingEntry; message?: string }
export type AddEntryBody = { inventoryItemId: string; quantityToBuy: number; addedManually: boolean }
export type SetEntryBody = { quantityToBuy: number }

export type TripLine = { inventoryItemId: string; quantity: number; price: string; store: string }
export type TripBody = { items: TripLine[]; accountId: string; categoryId?: string | null }
/** data.transaction is the ledger's TransactionDto (see '@/lib/api/types' Transaction). */
export type TripResponse = {
  success: boolean
  data: { transaction: { _id: string; amount: number; description: string }; items: InventoryItem[] }
  message: string
}
export type MessageResponse = { success: boolean; message: string }
