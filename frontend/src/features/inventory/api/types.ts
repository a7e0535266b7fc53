/**
 * Wire types of the inventory and shopping-list calls, named from the generated OpenAPI schema
 * (`just openapi`). Amounts are pounds as JSON numbers; days 'YYYY-MM-DD'.
 */
import type { components } from '@/lib/api/schema'
import type { WithAmountText } from '@/lib/api/types'

type Schemas = components['schemas']

/** green, amber or red; the schema types `stockStatus` as text, so read it through these names. */
export type StockStatus = Schemas['StockState']
/** expired, expiring_soon or fresh; the schema types `expiryStatus` as text. */
export type ExpiryStatus = Schemas['ExpiryStatus']

/** An item with the server's figures: stock and expiry status, quantity to buy and its values. */
export type InventoryItem = Schemas['InventoryItemDto']
export type InventoryListResponse = Schemas['Envelope_Vec_InventoryItemDto']
export type InventoryItemResponse = Schemas['Envelope_InventoryItemDto']

type ItemBody = Schemas['InventoryItemBody']
/**
 * POST and PUT /inventory-items: every field sent, counts as whole numbers or text, the price as
 * decimal text ('1.15'); `expiryDate` is 'YYYY-MM-DD' or null for none.
 */
export type InventoryItemBody = WithAmountText<Omit<ItemBody, 'expiryDate'>, 'lastPrice'> & {
  expiryDate: NonNullable<ItemBody['expiryDate']> | null
}

/** An entry with the household's tick: `ticked`, and `tickedBy` the member who ticked it (null while not). */
export type ShoppingEntry = Schemas['ShoppingEntryDto']
export type ShoppingListResponse = Schemas['Envelope_Vec_ShoppingEntryDto']
/** GET /inventory-items/shopping-list: the entries, also grouped by their item's category. */
export type GroupedShoppingListResponse = Schemas['Envelope_GroupedShoppingListDto']
export type ShoppingEntryResponse = Schemas['Envelope_ShoppingEntryDto']

/** A request body with every field sent (the server treats each one as optional). */
type Complete<Body> = { [K in keyof Body]-?: NonNullable<Body[K]> }

/** POST /shopping-list. */
export type AddEntryBody = Complete<Schemas['AddEntryBody']>
/** PUT /shopping-list/{id}. */
export type SetEntryBody = Complete<Schemas['SetEntryBody']>
/** PUT /shopping-list/{id}/tick. */
export type TickBody = Schemas['TickBody']

/** One bought item of a trip: the price as decimal text. */
export type TripLine = WithAmountText<Schemas['TripLineBody'], 'price'>
type TripBodySchema = Schemas['TripBody']
/** POST /inventory-items/shopping-trip/complete; without a category the expense goes to Groceries. */
export type TripBody = Complete<Pick<TripBodySchema, 'accountId'>> & {
  items: TripLine[]
  categoryId?: TripBodySchema['categoryId']
}
/** data.transaction is the ledger's TransactionDto (see '@/lib/api/types' Transaction). */
export type TripResponse = Schemas['Confirmed_TripDto']
export type MessageResponse = Schemas['MessageResponse']
