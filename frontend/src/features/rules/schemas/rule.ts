import { z } from 'zod'
import { parseAmountText, penceToDecimalText, toPence } from '@/lib/money'
import type { MatchType, Rule, RuleBody } from '../api/types'

/** Every validation message of the rule form: the server's words for the same refusals. */
export const ruleMessages = {
  patternRequired: 'Text to match is required',
  patternMax: 'Text to match must be at most 100 characters',
  categoryRequired: 'Category is required',
  renameMax: 'New description must be at most 100 characters',
  amountNegative: 'Amount cannot be negative',
  amountNumber: 'Amount must be a number',
  amountDecimals: 'Amount cannot have more than 2 decimal places',
  rangeOrder: 'Maximum amount must not be less than the minimum',
} as const

export const RULE_TEXT_MAX = 100

export const MATCH_TYPES: readonly { value: MatchType; label: string }[] = [
  { value: 'contains', label: 'Contains' },
  { value: 'startsWith', label: 'Starts with' },
  { value: 'equals', label: 'Is exactly' },
]

/** 'contains' → 'Contains'. */
export function matchTypeLabel(type: string): string {
  return MATCH_TYPES.find((m) => m.value === type)?.label ?? type
}

/** An optional amount bound: '' for none, else pence (a size: never negative). */
const bound = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null
    const parsed = parseAmountText(text)
    if (!parsed.ok) {
      ctx.addIssue({
        code: 'custom',
        message: parsed.problem === 'too-many-decimals' ? ruleMessages.amountDecimals : ruleMessages.amountNumber,
      })
      return z.NEVER
    }
    if (parsed.pence < 0) {
      ctx.addIssue({ code: 'custom', message: ruleMessages.amountNegative })
      return z.NEVER
    }
    return parsed.pence
  })

export const ruleSchema = z
  .object({
    matchType: z.enum(['contains', 'startsWith', 'equals']),
    pattern: z.string().trim().min(1, ruleMessages.patternRequired).max(RULE_TEXT_MAX, ruleMessages.patternMax),
    minAmount: bound,
    maxAmount: bound,
    accountId: z.string(),
    categoryId: z.string().min(1, ruleMessages.categoryRequired),
    rename: z.string().trim().max(RULE_TEXT_MAX, ruleMessages.renameMax),
    markTransfer: z.boolean(),
    /** Tags added to matching rows. */
    tagIds: z.array(z.string()).max(10, 'A rule can add at most 10 tags'),
  })
  .superRefine((v, ctx) => {
    if (v.minAmount !== null && v.maxAmount !== null && v.maxAmount < v.minAmount) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: ruleMessages.rangeOrder })
    }
  })

export type RuleFormInput = z.input<typeof ruleSchema>
/** The bounds in integer pence, null when not set. */
export type RuleFormValues = z.output<typeof ruleSchema>

/** What a new rule starts from: a description and category to prefill (the make-a-rule offer). */
export type RulePrefill = { pattern?: string; categoryId?: string; accountId?: string }

export function emptyRuleForm(prefill: RulePrefill = {}): RuleFormInput {
  return {
    matchType: 'contains',
    pattern: prefill.pattern ?? '',
    minAmount: '',
    maxAmount: '',
    accountId: prefill.accountId ?? '',
    categoryId: prefill.categoryId ?? '',
    rename: '',
    markTransfer: false,
    tagIds: [],
  }
}

const boundText = (pounds: number | null | undefined) =>
  pounds === null || pounds === undefined ? '' : penceToDecimalText(toPence(pounds))

export function ruleToForm(rule: Rule): RuleFormInput {
  return {
    matchType: (MATCH_TYPES.some((m) => m.value === rule.matchType) ? rule.matchType : 'contains') as MatchType,
    pattern: rule.pattern,
    minAmount: boundText(rule.minAmount),
    maxAmount: boundText(rule.maxAmount),
    accountId: rule.accountId ?? '',
    categoryId: rule.categoryId,
    rename: rule.rename ?? '',
    markTransfer: rule.markTransfer,
    tagIds: rule.tagIds ?? [],
  }
}

/** POST and PUT body: bounds as decimal text or null; no account or rename as null; markTransfer always sent. */
export function toRuleBody(values: RuleFormValues): RuleBody {
  return {
    matchType: values.matchType,
    pattern: values.pattern,
    minAmount: values.minAmount === null ? null : penceToDecimalText(values.minAmount),
    maxAmount: values.maxAmount === null ? null : penceToDecimalText(values.maxAmount),
    accountId: values.accountId || null,
    categoryId: values.categoryId,
    rename: values.rename || null,
    markTransfer: values.markTransfer,
    tagIds: values.tagIds,
  }
}
