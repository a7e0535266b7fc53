/** The figures of the stat tiles and which templates the list shows. */
import type { RecurringTemplate } from '../api/types'
import { isDue, isDueSoon } from './due-status'
import { isFrequency, TIMES_A_YEAR } from './frequency'
import { toPence } from '@/lib/money'

export type RecurringStats = {
  /** Money leaving accounts in a month: active expenses and transfers, each at its monthly rate. */
  monthlyCashFlowPence: number
  /**
   * Bills & Subscriptions: the active expense templates (rent, council tax, streaming…). Income
   * comes in and a transfer only moves money between the user's own accounts, so neither counts;
   * nor does a paused template, which pays nothing.
   */
  bills: number
  /** Active templates due today or earlier. */
  overdue: number
  /** Active templates due after today and within 7 days. */
  dueSoon: number
  active: number
}

/**
 * The tiles' figures. Only active templates count in Overdue, Due Soon and Cash Flow. A weekly
 * template leaves 52/12 of its amount a month, a yearly one 1/12; the sum is rounded to a penny
 * once, at the end.
 */
export function recurringStats(templates: readonly RecurringTemplate[], today: string): RecurringStats {
  const active = templates.filter((t) => t.isActive)
  let yearlyOutPence = 0
  for (const t of active) {
    if (t.type === 'income' || !isFrequency(t.frequency)) continue
    yearlyOutPence += Math.abs(toPence(t.amount)) * TIMES_A_YEAR[t.frequency]
  }
  return {
    monthlyCashFlowPence: Math.round(yearlyOutPence / 12),
    bills: active.filter((t) => t.type === 'expense').length,
    overdue: active.filter((t) => isDue(t.nextDue, today)).length,
    dueSoon: active.filter((t) => isDueSoon(t.nextDue, today)).length,
    active: active.length,
  }
}

/** The list shows the active templates, or with Show Inactive the paused ones. */
export function visibleTemplates(
  templates: readonly RecurringTemplate[],
  showInactive: boolean,
): RecurringTemplate[] {
  return templates.filter((t) => t.isActive !== showInactive)
}

/** Which empty state the list shows, if any. */
export type RecurringEmptyState = 'none-yet' | 'no-inactive' | 'no-active'

export function emptyStateOf(
  templates: readonly RecurringTemplate[],
  showInactive: boolean,
): RecurringEmptyState | null {
  if (templates.length === 0) return 'none-yet'
  if (visibleTemplates(templates, showInactive).length > 0) return null
  return showInactive ? 'no-inactive' : 'no-active'
}
