/**
 * Wire types of the MySpending HTTP API (base path /api) for the user and the auth calls, error
 * answers, the public configuration and the ledger (accounts, categories, transactions,
 * transfers), and `WithAmountText` for bodies that send amounts as decimal text.
 *
 * They are taken from `schema.d.ts`, which `just openapi` generates from the server's
 * OpenAPI document; `just test` fails when that file no longer matches the server. Most other
 * areas name their types in their feature's `api/types.ts`, which takes them from the
 * generated file in the same way. The API client (`client.ts`) and a few other files, such as
 * some API calls and tests, import it directly too.
 */
import type { components, paths } from './schema'

type Schemas = components['schemas']

/**
 * A request body as the forms send it: the server treats every field as optional (answering
 * 400 with the spec's message), the app always sends each one.
 */
type Complete<Body> = { [K in keyof Body]-?: NonNullable<Body[K]> }
/** Omit that only takes keys of the type, so a field renamed on the server fails here. */
type OmitKeys<T, K extends keyof T> = Omit<T, K>
/**
 * A complete body whose `Amount` fields go as decimal text ('12.50'), which the server parses
 * exactly; `Nullable` ones may also be null. The schema types these fields as AmountInput
 * (a number); the client accepts text there too (see client.ts).
 */
export type WithAmountText<Body, Amount extends keyof Body, Nullable extends Amount = never> =
  Complete<OmitKeys<Body, Amount>> & {
    [K in Amount]: K extends Nullable ? string | null : string
  }

export type User = Schemas['UserDto']
/** Which year the Reports screen opens on. */
export type ReportYear = Schemas['ReportYearDto']
export type UserRole = Schemas['RoleDto']

/** Body of every non-2xx answer. */
export type ErrorResponse = Schemas['ErrorResponse']
export type MessageResponse = Schemas['MessageResponse']

export type RegisterRequest = Complete<Schemas['RegisterBody']>
export type RegisterResponse = MessageResponse

export type LoginRequest = Complete<Schemas['LoginBody']>
/** A session, or (two-factor sign-in on) the challenge that POST /auth/login/2fa completes. */
export type LoginResponse = Schemas['LoginResponse']
export type TwoFactorChallenge = Schemas['TwoFactorChallenge']
type TwoFactorBody = Complete<Schemas['LoginTwoFactorBody']>
/** The challenge with a code from the authenticator app, or instead one of the recovery codes. */
export type LoginTwoFactorRequest = Pick<TwoFactorBody, 'challengeToken'> &
  (Pick<TwoFactorBody, 'code'> | Pick<TwoFactorBody, 'recoveryCode'>)
export type LoginTwoFactorResponse = Schemas['AuthResponse']

export type MeResponse = Schemas['UserResponse']

/** The passwords go only with a password change. */
type ProfileBody = Complete<Schemas['UpdateProfileBody']>
type PasswordChange = 'currentPassword' | 'newPassword'
export type UpdateProfileRequest = OmitKeys<ProfileBody, PasswordChange> &
  Partial<Pick<ProfileBody, PasswordChange>>
export type UpdateProfileResponse = Schemas['ProfileResponse']

export type VerifyEmailRequest = Complete<Schemas['VerifyEmailBody']>
export type VerifyEmailResponse = Schemas['AuthResponse']

export type ForgotPasswordRequest = Complete<Schemas['ForgotPasswordBody']>
export type ForgotPasswordResponse = MessageResponse

export type ResetPasswordRequest = Complete<Schemas['ResetPasswordBody']>
export type ResetPasswordResponse = MessageResponse

export type CanConnectBankResponse = Schemas['CanConnectBankResponse']

export type PublicConfigResponse = Schemas['PublicConfigResponse']

/* Ledger: accounts, categories, transactions, transfers. Amounts are pounds (JSON numbers);
   convert them with `toPence` from lib/money before any arithmetic. */
export type Account = Schemas['AccountDto']
export type AccountsResponse = Schemas['Envelope_AccountsData']
export type AccountsData = Schemas['AccountsData']
export type AccountResponse = Schemas['Confirmed_AccountDto']
/** `creditLimit` is null for accounts that are not credit types. */
export type AccountRequest = WithAmountText<
  Schemas['AccountBody'],
  'initialBalance' | 'creditLimit',
  'creditLimit'
>
export type AccountRef = Schemas['AccountRefDto']

export type Category = Schemas['CategoryDto']
export type CategoriesResponse = Schemas['Envelope_Vec_CategoryDto']
export type CategoryResponse = Schemas['Envelope_CategoryDto']
/** How a category counts for Self Assessment: income for tax or an allowable expense. */
export type TaxTreatment = Schemas['TaxTreatmentDto']
/** `taxTreatment` null clears it. */
export type CategoryRequest = Complete<OmitKeys<Schemas['CategoryBody'], 'taxTreatment'>> & {
  taxTreatment: TaxTreatment | null
}
export type CategoryRef = Schemas['CategoryRefDto']
export type TransactionsCountResponse = Schemas['TransactionsCountResponse']

export type Transaction = Schemas['TransactionDto']
/** A tag as a transaction carries it. */
export type TagRef = Schemas['TagRefDto']
/** A tag as GET /tags lists it, with how many transactions the member sees carry it. */
export type Tag = Schemas['TagDto']
export type TagRequest = Schemas['TagBody']
/** Whether the list's tag filter wants any or all of its tags. */
export type TagMatch = Schemas['TagMatch']
export type TransactionListResponse = Schemas['TransactionListResponse']
export type CreditAccountListResponse = Schemas['CreditAccountListResponse']
export type TransactionSummary = Schemas['SummaryDto']
export type CreditSummary = Schemas['CreditSummaryDto']
export type Pagination = Schemas['Pagination']
export type TransactionResponse = Schemas['Envelope_TransactionDto']
/** The query of GET /transactions and GET /transactions/credit-account/{id}. */
export type TransactionListQuery = NonNullable<
  paths['/api/transactions']['get']['parameters']['query']
>
export type TransactionType = Schemas['EntryKind']
/** A part of a split transaction as the server answers it: a positive amount in pounds. */
export type TransactionSplit = Schemas['SplitDto']
/** A part of a split as the form sends it: `amount` positive decimal text ('61.00'); no empty note. */
export type SplitPartRequest = WithAmountText<OmitKeys<Schemas['SplitBody'], 'note'>, 'amount'> & { note?: string }
/**
 * `amount` is signed decimal text ('-12.50' for an expense); `date` is YYYY-MM-DD; no status (completed).
 * A split transaction sends its `splits` and no `categoryId`; `splits: []` on an edit ends a split.
 */
export type TransactionRequest = WithAmountText<
  OmitKeys<Schemas['TransactionBody'], 'type' | 'status' | 'tagIds' | 'categoryId' | 'splits'>,
  'amount'
> & {
  type: TransactionType
  categoryId?: string
  /** Absent on an edit: its tags stay as they are. */
  tagIds?: string[]
  splits?: SplitPartRequest[]
}

export type Transfer = Schemas['TransferDto']
export type TransfersResponse = Schemas['Envelope_TransfersData']
export type TransferResponse = Schemas['Confirmed_TransferDto']
/** `amount` is positive decimal text; `date` is YYYY-MM-DD. */
export type TransferRequest = WithAmountText<Schemas['TransferBody'], 'amount'>
