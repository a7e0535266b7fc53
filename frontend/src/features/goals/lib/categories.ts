import type { GoalCategory } from '../api/types'

/** The goal categories, in the spec's order (doc 2 §2). */
export const GOAL_CATEGORIES: readonly GoalCategory[] = [
  'vacation',
  'emergency',
  'purchase',
  'education',
  'home',
  'car',
  'other',
]

export const GOAL_CATEGORY_LABELS: Record<GoalCategory, string> = {
  vacation: 'Holiday',
  emergency: 'Emergency Fund',
  purchase: 'Purchase',
  education: 'Education',
  home: 'Home',
  car: 'Car',
  other: 'Other',
}

/** The icon and colour a category sets when chosen in the goal form. */
export type GoalPreset = { icon: string; color: string }

export const GOAL_CATEGORY_PRESETS: Record<GoalCategory, GoalPreset> = {
  vacation: { icon: 'plane', color: '#0EA5E9' },
  emergency: { icon: 'shield', color: '#EF4444' },
  purchase: { icon: 'shopping-bag', color: '#EC4899' },
  education: { icon: 'graduation-cap', color: '#A855F7' },
  home: { icon: 'home', color: '#F59E0B' },
  car: { icon: 'car', color: '#64748B' },
  other: { icon: 'target', color: '#3B82F6' },
}

/** A new goal's category (spec doc 2 §9). */
export const DEFAULT_GOAL_CATEGORY: GoalCategory = 'other'

export function isGoalCategory(value: string | null | undefined): value is GoalCategory {
  return GOAL_CATEGORIES.includes(value as GoalCategory)
}

/** 'emergency' → 'Emergency Fund'; an unknown category reads as Other. */
export function goalCategoryLabel(category: string): string {
  return GOAL_CATEGORY_LABELS[isGoalCategory(category) ? category : 'other']
}

/** The preset of a category; an unknown one gets Other's. */
export function goalCategoryPreset(category: string): GoalPreset {
  return GOAL_CATEGORY_PRESETS[isGoalCategory(category) ? category : 'other']
}
