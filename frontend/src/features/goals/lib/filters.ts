import type { components } from '@/lib/api/schema'
import type { GoalCategory } from '../api/types'
import { isGoalCategory } from './categories'

export type GoalTab = components['schemas']['GoalStatusFilter']
export type GoalSort = components['schemas']['GoalOrder']

/** The list's tab, category and sort, as kept in the page's address (?status=&category=&sort=). */
export type GoalFilters = { status: GoalTab; category: GoalCategory | 'all'; sort: GoalSort }

export const GOAL_TABS: readonly { value: GoalTab; label: string }[] = [
  { value: 'all', label: 'All Goals' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
]

export const GOAL_SORTS: readonly { value: GoalSort; label: string }[] = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'progress', label: 'Progress (High to Low)' },
  { value: 'targetDate', label: 'Target Date (Soon to Late)' },
  { value: 'targetAmount', label: 'Target Amount (High to Low)' },
]

export const DEFAULT_GOAL_FILTERS: GoalFilters = { status: 'all', category: 'all', sort: 'newest' }

const isTab = (v: string | null): v is GoalTab => GOAL_TABS.some((t) => t.value === v)
const isSort = (v: string | null): v is GoalSort => GOAL_SORTS.some((s) => s.value === v)

/** The filters of an address; anything unknown or missing is its default. */
export function readGoalFilters(params: URLSearchParams): GoalFilters {
  const status = params.get('status')
  const category = params.get('category')
  const sort = params.get('sort')
  return {
    status: isTab(status) ? status : DEFAULT_GOAL_FILTERS.status,
    category: isGoalCategory(category) ? category : DEFAULT_GOAL_FILTERS.category,
    sort: isSort(sort) ? sort : DEFAULT_GOAL_FILTERS.sort,
  }
}

/** The address's parameters with the changed filters; defaults are left out, other parameters kept. */
export function withGoalFilters(params: URLSearchParams, changes: Partial<GoalFilters>): URLSearchParams {
  const next = new URLSearchParams(params)
  const merged = { ...readGoalFilters(params), ...changes }
  for (const key of ['status', 'category', 'sort'] as const) {
    if (merged[key] === DEFAULT_GOAL_FILTERS[key]) next.delete(key)
    else next.set(key, merged[key])
  }
  return next
}

/** The query of GET /goals: status and category left out for all; the sort always sent. */
export function goalsQuery(filters: GoalFilters): Record<string, string> {
  const query: Record<string, string> = {}
  if (filters.status !== 'all') query.status = filters.status
  if (filters.category !== 'all') query.category = filters.category
  query.sort = filters.sort
  return query
}

/** Whether the list is narrowed, so an empty one means no match rather than no goals. */
export function isFiltered(filters: GoalFilters): boolean {
  return filters.status !== 'all' || filters.category !== 'all'
}
