/**
 * Wire types of the bank-linking calls (the spec's /plaid routes, whichever provider serves
 * them), named from the generated OpenAPI schema. Amounts are pounds as JSON numbers.
 */
import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

/**
 * One linked bank; `isActive` false means it needs the user to sign in again (Reconnect). The
 * server also says when its consent ends (`consentExpiresAt`, Enable Banking only), whether that
 * is within seven days (`renewalDue`), when the background sync takes it next (`nextSyncAt`), and
 * which of the bank's accounts its consent left out (`skippedAccounts`).
 */
export type BankConnection = Schemas['BankConnectionDto']
/** One of the bank's accounts its last consent did not link (another currency, no data shared), with why. */
export type SkippedAccount = Schemas['SkippedAccountDto']
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
/** demo, plaid or enablebanking: who serves a connection, or a way to link one. */
export type BankProviderId = Schemas['BankProvider']
/** GET /bank/providers: always the three, `enabled` for those Connect Bank offers on this server. */
export type BankProviderInfo = Schemas['BankProviderDto']
export type BankProvidersResponse = Schemas['Envelope_Vec_BankProviderDto']
/** One bank Enable Banking can link (an ASPSP), with its longest consent in days. */
export type Aspsp = Schemas['AspspDto']
export type AspspListResponse = Schemas['Envelope_Vec_AspspDto']
/** POST /enablebanking/auth: `{aspspName, country}` for a new link, `{itemId}` to renew one. */
export type EnableBankingAuthBody = Schemas['StartConsentBody']
/** Where the browser goes next: Enable Banking's page, then the bank's. */
export type EnableBankingAuthResponse = Schemas['Envelope_ConsentUrl']
/** The institution the widget (or the demo picker) reports. */
export type Institution = { name: string; institution_id: string }
