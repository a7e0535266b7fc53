import { recurringKeys } from '../../api/keys'
import type { RecurringAnalyticsRange } from './types'

/**
 * Query keys of the recurring analytics, below the recurring feature's root key: whatever
 * invalidates the recurring data (a template edited or processed) refreshes the analytics too.
 */
export const recurringAnalyticsKeys = {
  all: [...recurringKeys.all, 'analytics'] as const,
  range: (months: RecurringAnalyticsRange) => [...recurringAnalyticsKeys.all, months] as const,
}
