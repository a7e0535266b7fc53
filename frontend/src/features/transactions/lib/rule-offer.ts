import type { Transaction } from '@/lib/api/types'

/** Where a transaction came from; only rows someone else described are worth a rule. */
const OFFERED_SOURCES: readonly string[] = ['import', 'bank']

/** What the make-a-rule offer proposes: descriptions containing `pattern` get the category. */
export type RuleOffer = { description: string; pattern: string; categoryId: string; categoryName: string }

/** A rule's text is at most 100 characters. */
const PATTERN_MAX = 100

/** The description as a rule's text: trimmed, one space between words, at most 100 characters. */
export function rulePattern(description: string): string {
  return description.trim().split(/\s+/).join(' ').slice(0, PATTERN_MAX).trim()
}

/**
 * The offer after an edit, or null: only when an imported or bank transaction (not a transfer)
 * got another category.
 */
export function ruleOfferFor(before: Transaction, after: Transaction): RuleOffer | null {
  if (before.isTransfer || !OFFERED_SOURCES.includes(before.source ?? '')) return null
  const category = after.categoryId
  if (!category || category._id === before.categoryId?._id) return null
  const pattern = rulePattern(after.description)
  if (!pattern) return null
  return { description: after.description, pattern, categoryId: category._id, categoryName: category.name }
}
