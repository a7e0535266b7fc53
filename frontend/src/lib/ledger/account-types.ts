/** Account types, their display names and colours, and the balance colour rule. */
import type { components } from '@/lib/api/schema'

/** The server's set (generated); the list below is the select's order and must name each. */
export type AccountType = components['schemas']['AccountKind']

export const ACCOUNT_TYPES = [
  'current',
  'savings',
  'credit',
  'credit_card',
  'cash',
  'investment',
  'other',
] as const satisfies readonly AccountType[]

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  current: 'Current Account',
  savings: 'Savings Account',
  credit: 'Credit Account',
  credit_card: 'Credit Card',
  cash: 'Cash',
  investment: 'Investment Account',
  other: 'Other',
}

/** Chakra colour palettes: current blue, savings green, credit types red, cash orange, investment purple, other grey. */
export const ACCOUNT_TYPE_PALETTES: Record<AccountType, string> = {
  current: 'blue',
  savings: 'green',
  credit: 'red',
  credit_card: 'red',
  cash: 'orange',
  investment: 'purple',
  other: 'gray',
}

export function isAccountType(value: string): value is AccountType {
  return (ACCOUNT_TYPES as readonly string[]).includes(value)
}

export function accountTypeLabel(type: string): string {
  return isAccountType(type) ? ACCOUNT_TYPE_LABELS[type] : type
}

/**
 * An account as account pickers list it: 'Name (Type)', or the name alone when
 * it already says the type ('Current Account', 'Barclays Credit Card', 'cash').
 */
export function accountOptionLabel(account: { name: string; type: string }): string {
  const type = accountTypeLabel(account.type)
  return account.name.toLowerCase().includes(type.toLowerCase()) ? account.name : `${account.name} (${type})`
}

export function accountTypePalette(type: string): string {
  return isAccountType(type) ? ACCOUNT_TYPE_PALETTES[type] : 'gray'
}

/** Credit and credit-card accounts hold debt as a negative balance. */
export function isCreditType(type: string): boolean {
  return type === 'credit' || type === 'credit_card'
}

export type BalanceTone = 'success' | 'error'

/**
 * A credit card's debt is shown in the error colour, and for other
 * accounts a negative balance is. The server stores debt as a negative
 * balance, so for credit types below zero is debt (error) and zero or above
 * is success; for the others zero or above is success and below zero error.
 */
export function balanceTone(type: string, balancePence: number): BalanceTone {
  if (isCreditType(type)) return balancePence < 0 ? 'error' : 'success'
  return balancePence >= 0 ? 'success' : 'error'
}

/** The Chakra colour token of a tone. */
export const TONE_COLOR: Record<BalanceTone, string> = {
  success: 'fg.success',
  error: 'fg.error',
}
