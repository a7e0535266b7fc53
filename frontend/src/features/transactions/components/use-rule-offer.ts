import { useState } from 'react'
import type { Transaction } from '@/lib/api/types'
import { type RuleOffer, ruleOfferFor } from '../lib/rule-offer'

/** What a new rule starts from, for the rule dialog that app/ provides. */
export type RulePrefill = { pattern: string; categoryId: string }

/**
 * The make-a-rule offer's state: `consider` after an edit opens it when the edit earns one (see
 * ruleOfferFor). The offer is kept after closing, so the dialog's text stays while it animates out.
 */
export function useRuleOffer(enabled: boolean) {
  const [offer, setOffer] = useState<RuleOffer | null>(null)
  const [open, setOpen] = useState(false)
  const consider = (before: Transaction, after: Transaction) => {
    const next = enabled ? ruleOfferFor(before, after) : null
    if (!next) return
    setOffer(next)
    setOpen(true)
  }
  return { offer, open, consider, close: () => setOpen(false) }
}
