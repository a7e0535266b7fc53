/** Wire types of the categorisation rules, named from the generated OpenAPI schema. */
import type { components } from '@/lib/api/schema'
import type { WithAmountText } from '@/lib/api/types'

type Schemas = components['schemas']

export type Rule = Schemas['RuleDto']
export type RuleResponse = Schemas['Envelope_RuleDto']
export type RuleListResponse = Schemas['Envelope_Vec_RuleDto']
/** The amounts go as decimal text ('12.50') or null for no bound; account and rename may be null. */
export type RuleBody = Omit<
  WithAmountText<Schemas['RuleBody'], 'minAmount' | 'maxAmount', 'minAmount' | 'maxAmount'>,
  'accountId' | 'rename'
> & { accountId: string | null; rename: string | null }
export type ApplyResult = Schemas['ApplyDto']
export type ApplyResponse = Schemas['Confirmed_ApplyDto']
export type MessageResponse = Schemas['MessageResponse']
export type MatchType = Schemas['MatchKind']
