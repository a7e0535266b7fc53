/**
 * Wire types of the bank-linking calls (the spec's /plaid routes, whichever provider serves
 * them), named from the generated OpenAPI schema. Amounts are pounds as JSON numbers.
 */
import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

/** One linked bank; `isActive` false means it needs the user to sign in again (Reconnect). */
export type BankConnection = Schemas['BankConnectionDto']
/** One of a connection's accounts; `_id` is our account's id (the card on /accounts). */
export type LinkedAccount = Schemas['LinkedAccountDto']
export type BankConnectionListResponse = Schemas['Envelope_Vec_BankConnectionDto']
export type BankConnectionResponse = Schemas['Envelope_BankConnectionDto']
export type LinkTokenBody = Schemas['LinkTokenBody']
export type LinkTokenResponse = Schemas['LinkTokenResponse']
export type ExchangeBody = Schemas['ExchangeBody']
export type ExchangeResponse = Schemas['ExchangeResponse']
export type SyncResponse = Schemas['Confirmed_SyncCountsDto']
export type MessageResponse = Schemas['MessageResponse']
/** The institution the widget (or the demo picker) reports. */
export type Institution = { name: string; institution_id: string }
