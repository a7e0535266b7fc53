/** Wire types of the budgets calls, named from the generated OpenAPI schema. */
import type { components } from '@/lib/api/schema'
import type { WithAmountText } from '@/lib/api/types'

type Schemas = components['schemas']

/** A category's monthly limit with this London month's spending (pounds). */
export type Budget = Schemas['BudgetDto']
export type BudgetCategory = Schemas['BudgetCategoryDto']
export type BudgetsData = Schemas['BudgetsData']
export type BudgetsResponse = Schemas['Envelope_BudgetsData']
export type BudgetResponse = Schemas['Confirmed_BudgetDto']
export type MonthInfo = Schemas['MonthInfoDto']
/** good, warning, over_budget (and no_budget in analytics); anything else is unknown. */
export type BudgetStatus = Schemas['BudgetState']
/** The limit goes as decimal text ('250.00'); the server parses it exactly. */
export type SetBudgetRequest = WithAmountText<Schemas['BudgetBody'], 'limit'>
export type MessageResponse = Schemas['MessageResponse']

/** The schema leaves FinalizeBody's fields untyped (the server reads numbers or text). */
export type FinalizeRequest = { year: number; month: number }
export type FinalizeResponse = Schemas['Confirmed_FinalizedDto']

export type BudgetAnalytics = Schemas['AnalyticsDto']
export type AnalyticsResponse = Schemas['Envelope_AnalyticsData']
export type MonthlyBudget = Schemas['MonthlyBudgetDto']
export type CategoryBreakdown = Schemas['CategoryBreakdownDto']
export type AnalyticsInsights = Schemas['InsightsDto']
/** 3, 6 or 12 months. */
export type AnalyticsRange = 3 | 6 | 12
