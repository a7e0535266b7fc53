/** Wire types of the dashboard calls, named from the generated OpenAPI schema. */
import type { components } from '@/lib/api/schema'

type Schemas = components['schemas']

/** This London month: income, expenses (positive), balance and count; no transfers. */
export type DashboardSummary = Schemas['DashboardSummaryDto']
export type DashboardSummaryResponse = Schemas['Envelope_DashboardSummaryDto']
/** One category of this month's chart: name, positive total (pounds) and colour. */
export type ChartSlice = Schemas['ChartSliceDto']
export type ChartDataResponse = Schemas['Envelope_Vec_ChartSliceDto']
/** The chart's selector values. */
export type ChartType = Schemas['EntryKind']
