import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { Rule } from '../api/types'

/** '£5.00 to £50.00', 'At least £5.00', 'Up to £50.00', or null when any amount matches. */
export function amountRangeText(rule: Pick<Rule, 'minAmount' | 'maxAmount'>): string | null {
  const min = rule.minAmount == null ? null : formatMoney(toPence(rule.minAmount))
  const max = rule.maxAmount == null ? null : formatMoney(toPence(rule.maxAmount))
  if (min && max) return `${min} to ${max}`
  if (min) return `At least ${min}`
  if (max) return `Up to ${max}`
  return null
}

/** The ids in a new order: the rule at `index` swapped with its neighbour above (-1) or below (1). */
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step
  if (target < 0 || target >= ids.length) return [...ids]
  const next = [...ids]
  ;[next[index], next[target]] = [next[target]!, next[index]!]
  return next
}
