import { z } from 'zod'
import { isDay, londonToday } from '@/lib/calendar-day'
import { penceToDecimalText } from '@/lib/money'
import type { ContributionBody, ContributionSource } from '../api/types'
import { CONTRIBUTION_SOURCES, DEFAULT_CONTRIBUTION_SOURCE } from '../lib/sources'
import { type AmountMessages, goalAmountField } from './amount'

/** Every validation message of the contribution form (spec doc 2 §5, §9; our words where it names none). */
export const contributionMessages = {
  amountRequired: 'Contribution amount is required',
  amountPositive: 'Contribution amount must be greater than 0',
  amountNumber: 'Contribution amount must be a number',
  amountDecimals: 'Contribution amount cannot have more than 2 decimal places',
  amountMax: 'Contribution amount cannot exceed £999,999,999.99',
  dateRequired: 'Date is required',
  dateFuture: 'Contribution date cannot be in the future',
  descriptionMax: 'Description cannot exceed 200 characters',
  notesMax: 'Notes cannot exceed 300 characters',
  sourceInvalid: 'Choose a source',
} as const

export const CONTRIBUTION_DESCRIPTION_MAX = 200
export const CONTRIBUTION_NOTES_MAX = 300
export const DEFAULT_CONTRIBUTION_DESCRIPTION = 'Savings contribution'

export const contributionAmountMessages: AmountMessages = {
  required: contributionMessages.amountRequired,
  positive: contributionMessages.amountPositive,
  number: contributionMessages.amountNumber,
  decimals: contributionMessages.amountDecimals,
  max: contributionMessages.amountMax,
}

/** The contribution form; the date may be today (London) or earlier. */
export function makeContributionSchema(today: () => string = londonToday) {
  return z.object({
    amount: goalAmountField(contributionAmountMessages),
    date: z
      .string()
      .trim()
      .refine(isDay, contributionMessages.dateRequired)
      .refine((day) => day <= today(), contributionMessages.dateFuture),
    description: z.string().trim().max(CONTRIBUTION_DESCRIPTION_MAX, contributionMessages.descriptionMax),
    source: z.enum(CONTRIBUTION_SOURCES as [ContributionSource, ...ContributionSource[]], contributionMessages.sourceInvalid),
    notes: z.string().trim().max(CONTRIBUTION_NOTES_MAX, contributionMessages.notesMax),
  })
}

export type ContributionSchema = ReturnType<typeof makeContributionSchema>
export type ContributionFormInput = z.input<ContributionSchema>
/** The amount in integer pence. */
export type ContributionFormValues = z.output<ContributionSchema>

/** A new contribution: today, 'Savings contribution', source other. */
export function emptyContributionForm(today: string): ContributionFormInput {
  return {
    amount: '',
    date: today,
    description: DEFAULT_CONTRIBUTION_DESCRIPTION,
    source: DEFAULT_CONTRIBUTION_SOURCE,
    notes: '',
  }
}

/** POST body: the amount as decimal text; an emptied description falls back to the default. */
export function toContributionBody(values: ContributionFormValues): ContributionBody {
  return {
    amount: penceToDecimalText(values.amount),
    date: values.date,
    description: values.description || DEFAULT_CONTRIBUTION_DESCRIPTION,
    source: values.source,
    notes: values.notes,
  }
}
