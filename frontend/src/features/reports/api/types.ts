/** Wire types of the reports calls, named from the generated OpenAPI schema. */
import type { components, paths } from '@/lib/api/schema'

type Schemas = components['schemas']

export type MonthlyReport = Schemas['MonthlyReportDto']
export type MonthlyReportResponse = Schemas['Envelope_MonthlyReportDto']
export type ReportSummary = Schemas['ReportSummaryDto']
export type BreakdownLine = Schemas['BreakdownLineDto']
/** `amount` is signed; `category` is null for a transfer. */
export type ReportTransaction = Schemas['ReportTransactionDto']
export type YearlyReport = Schemas['YearlyReportDto']
export type YearlyReportResponse = Schemas['Envelope_YearlyReportDto']
export type MonthFigures = Schemas['MonthFiguresDto']

/** A month's report: month 1 to 12; an empty account means all accounts. */
export type ReportParams = { year: number; month: number; accountId: string }
/** The screen's filters: a month (1 to 12) or the whole year (null). */
export type ReportPeriodParams = { year: number; month: number | null; accountId: string }
/** The query of GET /reports/monthly, which its PDF shares. */
export type ReportQuery = NonNullable<
  paths['/api/reports/monthly']['get']['parameters']['query']
>
/** The query of GET /reports/yearly, which its PDF shares. */
export type YearlyQuery = NonNullable<paths['/api/reports/yearly']['get']['parameters']['query']>

/** A UK tax year's report: summary, twelve tax months April first, breakdowns, Self Assessment. */
export type TaxYearReport = Schemas['TaxYearReportDto']
export type TaxMonth = Schemas['TaxMonthDto']
export type SelfAssessment = Schemas['SelfAssessmentDto']
