/**
 * Wire types of the goals calls, named from the generated OpenAPI schema (`just openapi`).
 * Amounts are pounds as JSON numbers; days 'YYYY-MM-DD'.
 */
import type { components } from '@/lib/api/schema'
import type { WithAmountText } from '@/lib/api/types'

type Schemas = components['schemas']

export type GoalCategory = Schemas['GoalKind']
export type ContributionSource = Schemas['ContributedFrom']
export type SavingsSuggestion = Schemas['SavingsSuggestionDto']
export type GoalStats = Schemas['GoalStatsDto']
export type Goal = Schemas['GoalDto']
export type GoalListResponse = Schemas['Envelope_Vec_GoalDto']
export type GoalResponse = Schemas['Envelope_GoalDto']
/** The target amount goes as decimal text ('1500.00'); icon and colour may be left to the category. */
export type GoalBody = WithAmountText<
  Pick<Schemas['GoalBody'], 'name' | 'description' | 'targetAmount' | 'targetDate' | 'category'>,
  'targetAmount'
> & { icon?: string; color?: string }
export type Contribution = Schemas['ContributionDto']
export type ContributionBody = WithAmountText<Schemas['ContributionBody'], 'amount'>
export type ContributionListResponse = Schemas['Envelope_Vec_ContributionDto']
export type ContributionResponse = Schemas['Confirmed_ContributedDto']
export type MessageResponse = Schemas['MessageResponse']
export type GoalsSummary = Schemas['GoalsSummaryDto']
export type GoalsSummaryResponse = Schemas['Envelope_GoalsSummaryDto']
