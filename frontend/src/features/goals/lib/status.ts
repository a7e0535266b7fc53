import { formatDate } from '@/lib/format'
import type { Goal } from '../api/types'

export type GoalStatusKind = 'completed' | 'overdue' | 'due-soon' | 'in-progress'

/** What a goal card's badge and days line say. */
export type GoalStatus = {
  kind: GoalStatusKind
  /** The badge's text. */
  label: string
  /** A Chakra palette for the badge. */
  palette: 'green' | 'red' | 'orange' | 'blue'
  /** How the days stand: '3 days left', '2 days overdue', 'Completed on 01/05/2026'. */
  daysText: string
}

/** Goals with this many days or fewer left are flagged. */
export const DUE_SOON_DAYS = 7

/** '1 day', '3 days'. */
export function daysWord(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

function daysLeftText(days: number): string {
  return days === 0 ? 'Due today' : `${daysWord(days)} left`
}

/** Completed; overdue (days past the target); 7 or fewer days left (warning); otherwise In Progress. */
export function goalStatus(goal: Goal): GoalStatus {
  const { stats } = goal
  if (goal.isCompleted || stats.isCompleted) {
    const on = goal.completedAt ? formatDate(goal.completedAt) : ''
    return { kind: 'completed', label: 'Completed', palette: 'green', daysText: on ? `Completed on ${on}` : 'Completed' }
  }
  if (stats.isOverdue) {
    const text = `${daysWord(stats.daysPassedAfterTarget)} overdue`
    return { kind: 'overdue', label: 'Overdue', palette: 'red', daysText: text }
  }
  if (stats.daysRemaining <= DUE_SOON_DAYS) {
    const text = daysLeftText(stats.daysRemaining)
    return { kind: 'due-soon', label: text, palette: 'orange', daysText: text }
  }
  return { kind: 'in-progress', label: 'In Progress', palette: 'blue', daysText: daysLeftText(stats.daysRemaining) }
}
