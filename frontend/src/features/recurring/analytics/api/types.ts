/** Wire types of GET /recurring-analytics, named from the generated OpenAPI schema. */
import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

export type RecurringAnalytics = Schemas['RecurringAnalyticsDto']
export type RecurringAnalyticsResponse = Schemas['Confirmed_RecurringAnalyticsDto']
/** A month of what the templates made: income, expenses (positive), net flow, its categories. */
export type FlowMonth = Schemas['FlowMonthDto']
/** A category line of a month: amount positive, type Income, Expense or Transfer. */
export type FlowLine = Schemas['FlowLineDto']
export type FlowInsights = Schemas['FlowInsightsDto']
/** Best or worst month: 'Nov 2026' with its net flow. */
export type MonthFigure = Schemas['MonthFigureDto']
export type TopCategory = Schemas['TopCategoryDto']
/** A template's amount against what it made, month by month. */
export type TemplateTrend = Schemas['TemplateTrendDto']
export type TrendPoint = Schemas['TrendPointDto']
/** 3, 6, 12 or 24 months. */
export type RecurringAnalyticsRange = 3 | 6 | 12 | 24
