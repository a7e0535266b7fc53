import type { ContributionSource } from '../api/types'

/** Contribution sources, in the select's order. */
export const CONTRIBUTION_SOURCES: readonly ContributionSource[] = [
  'cash',
  'bank_transfer',
  'salary',
  'bonus',
  'refund',
  'other',
]

export const CONTRIBUTION_SOURCE_LABELS: Record<ContributionSource, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank Transfer',
  salary: 'Salary',
  bonus: 'Bonus',
  refund: 'Refund',
  other: 'Other',
}

/** A new contribution's source (spec doc 2 §5). */
export const DEFAULT_CONTRIBUTION_SOURCE: ContributionSource = 'other'

export function isContributionSource(value: string): value is ContributionSource {
  return CONTRIBUTION_SOURCES.includes(value as ContributionSource)
}

/** 'bank_transfer' → 'Bank Transfer'; an unknown source reads as Other. */
export function contributionSourceLabel(source: string): string {
  return CONTRIBUTION_SOURCE_LABELS[isContributionSource(source) ? source : 'other']
}
