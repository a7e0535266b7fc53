/** Recurring analytics: ranges, month choices, template preselection and chart scales (spec doc 2 'Recurring analytics'). */
import { MONTH_NAMES } from '@/lib/calendar-day'
import type { FlowMonth, RecurringAnalyticsRange, TemplateTrend, TrendPoint } from '../api/types'

export const RECURRING_ANALYTICS_RANGES: readonly RecurringAnalyticsRange[] = [3, 6, 12, 24]
export const DEFAULT_RECURRING_ANALYTICS_RANGE: RecurringAnalyticsRange = 6


type MonthOf = { year: number; monthNumber: number }

/** '2026-06' for June 2026: a month's identity in the pickers; sorts chronologically. */
export function monthKey(m: MonthOf): string {
  return `${m.year}-${String(m.monthNumber).padStart(2, '0')}`
}

/** 'November 2026'. */
export function longMonthLabel(m: MonthOf): string {
  return `${MONTH_NAMES[m.monthNumber - 1] ?? ''} ${m.year}`.trim()
}

/** 'Nov 26': a month's label on a chart axis. */
export function shortMonthLabel(m: MonthOf): string {
  return `${(MONTH_NAMES[m.monthNumber - 1] ?? '').slice(0, 3)} ${String(m.year).slice(-2)}`
}

/** Months oldest first, for the charts' x axis. */
export function chronological<T extends MonthOf>(months: readonly T[]): T[] {
  return [...months].sort((a, b) => monthKey(a).localeCompare(monthKey(b)))
}

/** Whether a template made anything in the month (a transfer counts, though not in income or expenses). */
export function monthHasActivity(m: FlowMonth): boolean {
  return m.categoryBreakdown.length > 0
}

/** Whether any template made anything in the range; without that there is nothing to analyse. */
export function hasRecurringActivity(months: readonly FlowMonth[]): boolean {
  return months.some(monthHasActivity)
}

/**
 * The month the breakdown shows first: the latest month in which a template made something
 * (early in a month the current one is usually still empty), else the latest month.
 */
export function defaultMonthKey(months: readonly FlowMonth[]): string | null {
  const ordered = chronological(months).reverse()
  const month = ordered.find(monthHasActivity) ?? ordered[0]
  return month ? monthKey(month) : null
}

/** The month the picker shows: the chosen one while it exists in the data, otherwise the default. */
export function selectedMonth(months: readonly FlowMonth[], chosen: string | null): FlowMonth | null {
  const key = chosen && months.some((m) => monthKey(m) === chosen) ? chosen : defaultMonthKey(months)
  return months.find((m) => monthKey(m) === key) ?? null
}

export type MonthSource = FlowMonth['source']
export type TrendSource = TrendPoint['source']

/** A month's source as the screen treats it; anything but 'snapshot' is worked out now. */
export function monthSource(source: string): MonthSource {
  return source === 'snapshot' ? 'snapshot' : 'computed'
}

/** A trend point's source; an unknown one is taken as computed. */
export function trendSource(source: string): TrendSource {
  return source === 'snapshot' || source === 'no-data' ? source : 'computed'
}

/** 'November 2026 (Finalised)': each month is labelled with where its figures come from. */
export function monthOptionLabel(m: FlowMonth): string {
  return `${longMonthLabel(m)} (${SOURCE_NAME[monthSource(m.source)]})`
}

/**
 * A source's name, for the month tag, the tooltips and the chart's legend: the API's `snapshot`
 * and `computed` in the words budget analytics uses (a finalised month, a live one).
 */
export const SOURCE_NAME: Record<TrendSource, string> = {
  snapshot: 'Finalised',
  computed: 'Live',
  'no-data': 'No data',
}

/** What a source means. */
export const SOURCE_MEANING: Record<TrendSource, string> = {
  snapshot: 'figures kept when the month was finalised',
  computed: 'not finalised, so worked out now from the transactions the templates made',
  'no-data': 'the template made nothing that month',
}

/** The latest month in which the template made something, as a month key, or null if never in the range. */
export function latestDataKey(trend: TemplateTrend): string | null {
  let latest: string | null = null
  for (const p of trend.monthlyData) {
    if (trendSource(p.source) === 'no-data') continue
    const key = monthKey(p)
    if (latest === null || key > latest) latest = key
  }
  return latest
}

/**
 * The template preselected in the trends: the one with the most recent data (the latest month
 * whose source is not 'no-data'); among equals the first in the server's order; when no template
 * has data, the first one. Null without templates.
 */
export function preselectedTemplateId(trends: readonly TemplateTrend[]): string | null {
  let best: { id: string; key: string } | null = null
  for (const t of trends) {
    const key = latestDataKey(t)
    if (key !== null && (best === null || key > best.key)) best = { id: t.templateId, key }
  }
  return best?.id ?? trends[0]?.templateId ?? null
}

/** The template the trends show: the chosen one while it exists, otherwise the preselected one. */
export function selectedTemplate(trends: readonly TemplateTrend[], chosen: string | null): TemplateTrend | null {
  const id = chosen && trends.some((t) => t.templateId === chosen) ? chosen : preselectedTemplateId(trends)
  return trends.find((t) => t.templateId === id) ?? null
}

/**
 * The y axis of a template's trend, in pence, padded around the data so a change of a few pence
 * is visible: 15% of the spread above and below (10% of the value, at least £1, when the values
 * are all equal), never below zero.
 */
export function paddedRange(values: readonly number[]): { min: number; max: number } {
  if (values.length === 0) return { min: 0, max: 100 }
  const lo = Math.min(...values)
  const hi = Math.max(...values)
  const spread = hi - lo
  const pad = spread > 0 ? spread * 0.15 : Math.max(Math.abs(hi) * 0.1, 100)
  return { min: Math.max(0, Math.floor(lo - pad)), max: Math.ceil(hi + pad) }
}

/** At most `max` evenly spaced labels for an axis, always keeping the last (latest) one. */
export function spacedLabels<T>(labels: readonly T[], max: number): T[] {
  const step = Math.max(1, Math.ceil(labels.length / Math.max(1, max)))
  return labels.filter((_, i) => (labels.length - 1 - i) % step === 0)
}

/** Colour palette of a breakdown line's type. */
export function flowTypePalette(type: string): string {
  if (type === 'Income') return 'green'
  if (type === 'Expense') return 'red'
  return 'blue'
}
