/** Budget analytics: month choices and insight texts (spec doc 2 'Budget analytics'). */
import type { AnalyticsInsights, AnalyticsRange, MonthlyBudget } from '../api/types'

export const ANALYTICS_RANGES: readonly AnalyticsRange[] = [3, 6, 12]
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 6


/** '2026-06' for June 2026: a month's identity in the picker. */
export function monthKey(m: { year: number; month: number }): string {
  return `${m.year}-${String(m.month).padStart(2, '0')}`
}

/** The latest month of the data, or null when there is none. */
export function latestMonthKey(months: MonthlyBudget[]): string | null {
  let latest: string | null = null
  for (const m of months) {
    const key = monthKey(m)
    if (latest === null || key > latest) latest = key
  }
  return latest
}

/** The month the picker shows: the chosen one while it exists, otherwise the latest. */
export function selectedMonth(months: MonthlyBudget[], chosen: string | null): MonthlyBudget | null {
  const key = chosen && months.some((m) => monthKey(m) === chosen) ? chosen : latestMonthKey(months)
  return months.find((m) => monthKey(m) === key) ?? null
}

/**
 * The API's month sources (snapshot, computed) in the words the screen uses: a finalised month's
 * figures were kept when it was finalised; any other month's are live.
 */
export const SOURCE_LABEL: Record<MonthlyBudget['source'], string> = {
  snapshot: 'Finalised',
  computed: 'Live',
}

/** A month's source as the screen treats it: anything but a snapshot is worked out now. */
export function monthSource(m: Pick<MonthlyBudget, 'source'>): MonthlyBudget['source'] {
  return m.source === 'snapshot' ? 'snapshot' : 'computed'
}

/** 'June 2026 (Finalised)', 'July 2026 (Live)': each month is labelled with where its figures come from. */
export function monthOptionLabel(m: MonthlyBudget): string {
  return `${m.monthName} ${m.year} (${SOURCE_LABEL[monthSource(m)]})`
}

/** Whether a month had any budget (limits are positive, so its total is then above zero). */
export function monthHasBudget(m: MonthlyBudget): boolean {
  return m.totalBudgeted > 0
}

/** Whether any month of the range had a budget; without one there is nothing to compare. */
export function hasBudgetData(months: MonthlyBudget[]): boolean {
  return months.some(monthHasBudget)
}

/** The months that had a budget, oldest first: what best month, trend and accuracy compare. */
export function budgetedMonths(months: MonthlyBudget[]): MonthlyBudget[] {
  return chronological(months).filter(monthHasBudget)
}

/**
 * The one month with a budget when the range has exactly one: then there is nothing to compare,
 * and the screen shows that month's figures instead of best month, trend and accuracy.
 */
export function onlyBudgetedMonth(months: MonthlyBudget[]): MonthlyBudget | null {
  const budgeted = budgetedMonths(months)
  return budgeted.length === 1 ? budgeted[0]! : null
}

/** How many of a month's budgeted categories went over, and out of how many. */
export function overBudgetCount(m: MonthlyBudget): { over: number; budgeted: number } {
  const budgeted = m.categoryBreakdown.filter((line) => (line.budgeted ?? 0) > 0)
  return { over: budgeted.filter((line) => line.status === 'over_budget').length, budgeted: budgeted.length }
}

/** What the month's tag means. */
export const SOURCE_EXPLANATION: Record<MonthlyBudget['source'], string> = {
  snapshot: 'Finalised: these figures were kept when the month was finalised, so later changes to budgets or transactions do not alter them.',
  computed: "Live: this month is not finalised, so its figures are worked out from its transactions and the budgets that applied that month, and change when those do.",
}

/** Said in place of best month, trend and accuracy while only one month has a budget. */
export const ONE_MONTH_TEXT = 'Trends appear once you have two months of budgets.'

/** 'Increasing by 12.5%', 'Decreasing by 3.0%' or 'Stable'. */
export function trendText(trend: AnalyticsInsights['spendingTrend']): string {
  const pct = `${(Math.round(trend.percentage * 10) / 10).toFixed(1)}%`
  if (trend.direction === 'increasing') return `Increasing by ${pct}`
  if (trend.direction === 'decreasing') return `Decreasing by ${pct}`
  return 'Stable'
}

/** Months oldest first, for the chart's x axis. */
export function chronological(months: MonthlyBudget[]): MonthlyBudget[] {
  return [...months].sort((a, b) => monthKey(a).localeCompare(monthKey(b)))
}

/** 'Jun 26': a month's short label on the chart. */
export function shortMonthLabel(m: { monthName: string; year: number }): string {
  return `${m.monthName.slice(0, 3)} ${String(m.year).slice(-2)}`
}

/** At most `max` evenly spaced labels for an axis, always keeping the last (latest) one. */
export function spacedLabels<T>(labels: T[], max: number): T[] {
  const step = Math.max(1, Math.ceil(labels.length / Math.max(1, max)))
  return labels.filter((_, i) => (labels.length - 1 - i) % step === 0)
}
