/**
 * Wire types of the MySpending HTTP API (base path /api).
 *
 * They are taken from `schema.d.ts`, which `just openapi` generates from the server's
 * OpenAPI document; `just test` fails when that file no longer matches the server.
 * Only names are given here, so the rest of the app never imports the generated file.
 */
import type { components } from './schema'

type Schemas = components['schemas']

export type User = Schemas['UserDto']
export type UserRole = Schemas['RoleDto']

/** Body of every non-2xx answer. */
export type ErrorResponse = Schemas['ErrorResponse']
export type MessageResponse = Schemas['MessageResponse']

/** Request bodies: the server treats every field as optional and answers 400 with the spec's message. */
export type RegisterRequest = Required<{ [K in keyof Schemas['RegisterBody']]: NonNullable<Schemas['RegisterBody'][K]> }>
export type RegisterResponse = MessageResponse

export type LoginRequest = Required<{ [K in keyof Schemas['LoginBody']]: NonNullable<Schemas['LoginBody'][K]> }>
export type LoginResponse = Schemas['AuthResponse']

export type MeResponse = Schemas['UserResponse']

export type UpdateProfileRequest = {
  name: string
  email: string
  currentPassword?: string
  newPassword?: string
}
export type UpdateProfileResponse = Schemas['ProfileResponse']

export type VerifyEmailRequest = { token: string }
export type VerifyEmailResponse = Schemas['AuthResponse']

export type ForgotPasswordRequest = { email: string }
export type ForgotPasswordResponse = MessageResponse

export type ResetPasswordRequest = { password: string }
export type ResetPasswordResponse = MessageResponse

export type CanConnectBankResponse = Schemas['CanConnectBankResponse']

export type PublicConfigResponse = Schemas['PublicConfigResponse']

/* Ledger: accounts, categories, transactions, transfers. Amounts are pounds (JSON numbers);
   convert them with `toPence` from lib/money before any arithmetic. */
export type Account = Schemas['AccountDto']
export type AccountsResponse = Schemas['AccountsResponse']
export type AccountsData = Schemas['AccountsData']
export type AccountResponse = Schemas['AccountResponse']
/** Amounts go as decimal text ('12.50'); the server parses text exactly. */
export type AccountRequest = {
  name: string
  type: string
  initialBalance: string
  creditLimit: string | null
}
export type AccountRef = Schemas['AccountRefDto']

export type Category = Schemas['CategoryDto']
export type CategoriesResponse = Schemas['CategoriesResponse']
export type CategoryResponse = Schemas['CategoryResponse']
export type CategoryRequest = { name: string; description: string; color: string; icon: string }
export type CategoryRef = Schemas['CategoryRefDto']
export type TransactionsCountResponse = Schemas['TransactionsCountResponse']

export type Transaction = Schemas['TransactionDto']
export type TransactionListResponse = Schemas['TransactionListResponse']
export type CreditAccountListResponse = Schemas['CreditAccountListResponse']
export type TransactionSummary = Schemas['SummaryDto']
export type CreditSummary = Schemas['CreditSummaryDto']
export type Pagination = Schemas['Pagination']
export type TransactionResponse = Schemas['TransactionResponse']
export type TransactionType = 'income' | 'expense'
/** `amount` is signed decimal text ('-12.50' for an expense); `date` is YYYY-MM-DD. */
export type TransactionRequest = {
  amount: string
  description: string
  type: TransactionType
  categoryId: string
  accountId: string
  date: string
  notes: string
}

export type Transfer = Schemas['TransferDto']
export type TransfersResponse = Schemas['TransfersResponse']
export type TransferResponse = Schemas['TransferResponse']
/** `amount` is positive decimal text; `date` is YYYY-MM-DD. */
export type TransferRequest = {
  amount: string
  description: string
  fromAccountId: string
  toAccountId: string
  date: string
  notes: string
}
