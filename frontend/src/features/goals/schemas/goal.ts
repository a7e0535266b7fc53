import { z } from 'zod'
import { addDays, isDay, londonToday } from '@/lib/calendar-day'
import { penceToDecimalText, toPence } from '@/lib/money'
import type { Goal, GoalBody, GoalCategory } from '../api/types'
import { DEFAULT_GOAL_CATEGORY, GOAL_CATEGORIES, goalCategoryPreset, isGoalCategory } from '../lib/categories'
import { goalAmountField } from './amount'

/** Every validation message of the goal form (spec doc 2 §5, §9; our words where it names none). */
export const goalMessages = {
  nameRequired: 'Goal name is required',
  nameMax: 'Goal name cannot exceed 100 characters',
  targetRequired: 'Target amount is required',
  targetPositive: 'Target amount must be greater than 0',
  targetNumber: 'Target amount must be a number',
  targetDecimals: 'Target amount cannot have more than 2 decimal places',
  targetMax: 'Target amount cannot exceed £999,999,999.99',
  dateRequired: 'Target date is required',
  dateFuture: 'Target date must be in the future',
  descriptionMax: 'Description cannot exceed 500 characters',
  categoryInvalid: 'Choose a category',
} as const

export const GOAL_NAME_MAX = 100
export const GOAL_DESCRIPTION_MAX = 500

type GoalSchemaOptions = {
  /** London's today; tests fix it. */
  today?: () => string
  /** When editing: the stored target date, which may stay even once it has passed. */
  storedTargetDate?: string | null
}

/**
 * The goal form. The target date must be after today (London); editing keeps an unchanged
 * stored date that has since passed, so an overdue goal can still be renamed.
 */
export function makeGoalSchema({ today = londonToday, storedTargetDate = null }: GoalSchemaOptions = {}) {
  return z.object({
    name: z.string().trim().min(1, goalMessages.nameRequired).max(GOAL_NAME_MAX, goalMessages.nameMax),
    description: z.string().trim().max(GOAL_DESCRIPTION_MAX, goalMessages.descriptionMax),
    targetAmount: goalAmountField({
      required: goalMessages.targetRequired,
      positive: goalMessages.targetPositive,
      number: goalMessages.targetNumber,
      decimals: goalMessages.targetDecimals,
      max: goalMessages.targetMax,
    }),
    targetDate: z
      .string()
      .trim()
      .refine(isDay, goalMessages.dateRequired)
      .refine((day) => day > today() || (!!storedTargetDate && day === storedTargetDate), goalMessages.dateFuture),
    category: z.enum(GOAL_CATEGORIES as [GoalCategory, ...GoalCategory[]], goalMessages.categoryInvalid),
    icon: z.string(),
    color: z.string(),
  })
}

export type GoalSchema = ReturnType<typeof makeGoalSchema>
export type GoalFormInput = z.input<GoalSchema>
/** The target in integer pence. */
export type GoalFormValues = z.output<GoalSchema>

/** The earliest target date the calendar offers: tomorrow. */
export function minTargetDate(today: string): string {
  return addDays(today, 1)
}

/** A new goal: category Other with its icon and colour. */
export function emptyGoalForm(): GoalFormInput {
  const preset = goalCategoryPreset(DEFAULT_GOAL_CATEGORY)
  return {
    name: '',
    description: '',
    targetAmount: '',
    targetDate: '',
    category: DEFAULT_GOAL_CATEGORY,
    icon: preset.icon,
    color: preset.color,
  }
}

/** The form filled from a stored goal, for editing. */
export function goalToForm(goal: Goal): GoalFormInput {
  return {
    name: goal.name,
    description: goal.description ?? '',
    targetAmount: penceToDecimalText(toPence(goal.targetAmount)),
    targetDate: goal.targetDate.slice(0, 10),
    category: isGoalCategory(goal.category) ? goal.category : DEFAULT_GOAL_CATEGORY,
    icon: goal.icon,
    color: goal.color,
  }
}

/** POST and PUT body: the target as decimal text ('1500.00'). */
export function toGoalBody(values: GoalFormValues): GoalBody {
  return {
    name: values.name,
    description: values.description,
    targetAmount: penceToDecimalText(values.targetAmount),
    targetDate: values.targetDate,
    category: values.category,
    icon: values.icon,
    color: values.color,
  }
}
