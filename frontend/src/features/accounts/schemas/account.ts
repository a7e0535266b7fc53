import { z } from 'zod'
import type { Account, AccountRequest } from '@/lib/api/types'
import { ACCOUNT_TYPES, type AccountType, isCreditType } from '@/lib/ledger/account-types'
import { MAX_AMOUNT_PENCE, parseAmountText, penceToDecimalText, toPence } from '@/lib/money'

/**
 * Every validation message of the account form. 'Initial balance is
 * required', the not-a-number and decimals messages are the server's words,
 * since the spec gives none.
 */
export const messages = {
  nameRequired: 'Account name is required',
  nameMin: 'Account name must be at least 2 characters',
  nameMax: 'Account name cannot exceed 50 characters',
  typeInvalid: 'Invalid account type',
  balanceRequired: 'Initial balance is required',
  balanceNumber: 'Balance must be a number',
  balanceMin: 'Balance cannot be less than -£999,999.99',
  balanceMax: 'Balance cannot exceed £999,999.99',
  decimals: 'Amount cannot have more than 2 decimal places',
  limitNumber: 'Credit limit must be a number',
  limitNegative: 'Credit limit cannot be negative',
  limitMax: 'Credit limit cannot exceed £999,999.99',
  limitRequired: 'Credit limit is required for credit accounts',
  limitPositive: 'Credit limit must be greater than 0 for credit accounts',
  visibilityInvalid: 'Visibility must be household or private',
} as const

/** Who in the household sees an account, as the form offers it. */
export const VISIBILITY_LABELS = {
  household: 'Shared with the household',
  private: 'Only me',
} as const

export type Visibility = keyof typeof VISIBILITY_LABELS

function balanceProblem(text: string): string | null {
  if (text.trim() === '') return messages.balanceRequired
  const parsed = parseAmountText(text)
  if (!parsed.ok) {
    if (parsed.problem === 'too-many-decimals') return messages.decimals
    if (parsed.problem === 'too-large') {
      return text.trim().startsWith('-') ? messages.balanceMin : messages.balanceMax
    }
    return messages.balanceNumber
  }
  if (parsed.pence < -MAX_AMOUNT_PENCE) return messages.balanceMin
  if (parsed.pence > MAX_AMOUNT_PENCE) return messages.balanceMax
  return null
}

/** Problems of a credit limit that was typed in; an empty one is checked per type. */
function limitProblem(text: string): string | null {
  if (text.trim() === '') return null
  const parsed = parseAmountText(text)
  if (!parsed.ok) {
    if (parsed.problem === 'too-many-decimals') return messages.decimals
    if (parsed.problem === 'too-large') {
      return text.trim().startsWith('-') ? messages.limitNegative : messages.limitMax
    }
    return messages.limitNumber
  }
  if (parsed.pence < 0) return messages.limitNegative
  if (parsed.pence > MAX_AMOUNT_PENCE) return messages.limitMax
  return null
}

function textRule(problem: (text: string) => string | null) {
  return z.string().superRefine((text, ctx) => {
    const message = problem(text)
    if (message) ctx.addIssue({ code: 'custom', message })
  })
}

export const accountSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, messages.nameRequired)
      .min(2, messages.nameMin)
      .max(50, messages.nameMax),
    type: z.enum(ACCOUNT_TYPES, messages.typeInvalid),
    initialBalance: textRule(balanceProblem),
    creditLimit: textRule(limitProblem),
    visibility: z.enum(['household', 'private'], messages.visibilityInvalid),
  })
  .superRefine(
    (v, ctx) => {
      if (!isCreditType(v.type)) return
      const text = (v.creditLimit ?? '').trim()
      if (text === '') {
        ctx.addIssue({ code: 'custom', path: ['creditLimit'], message: messages.limitRequired })
        return
      }
      const parsed = parseAmountText(text)
      if (parsed.ok && parsed.pence === 0) {
        ctx.addIssue({ code: 'custom', path: ['creditLimit'], message: messages.limitPositive })
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )

export type AccountFormInput = z.input<typeof accountSchema>
export type AccountFormValues = z.output<typeof accountSchema>

export function emptyAccountForm(): AccountFormInput {
  return { name: '', type: 'current', initialBalance: '0.00', creditLimit: '', visibility: 'household' }
}

export function accountToForm(a: Account): AccountFormInput {
  return {
    name: a.name,
    type: (ACCOUNT_TYPES as readonly string[]).includes(a.type) ? (a.type as AccountType) : 'other',
    initialBalance: penceToDecimalText(toPence(a.initialBalance)),
    creditLimit: a.creditLimit == null ? '' : penceToDecimalText(toPence(a.creditLimit)),
    visibility: a.visibility,
  }
}

function pence(text: string): number {
  const parsed = parseAmountText(text)
  return parsed.ok ? parsed.pence : 0
}

/**
 * The request body, amounts as decimal text. For credit types a positive
 * initial balance becomes a negative one (debt brought in); the credit limit
 * is only sent for credit types, where the form shows it.
 */
export function toAccountRequest(values: AccountFormValues): AccountRequest {
  const credit = isCreditType(values.type)
  const initial = pence(values.initialBalance)
  return {
    name: values.name,
    type: values.type,
    initialBalance: penceToDecimalText(credit ? -Math.abs(initial) : initial),
    creditLimit: credit ? penceToDecimalText(pence(values.creditLimit)) : null,
    visibility: values.visibility,
  }
}
