import { addDays } from '@/lib/calendar-day'
import { formatDate } from '@/lib/format'
import type { ExpiryStatus, InventoryItem } from '../api/types'

/** An item expires soon when its day is 0 to 7 days ahead (spec doc 2 §4, §9). */
export const EXPIRING_SOON_DAYS = 7

type Expiring = Pick<InventoryItem, 'expiryDate' | 'expiryStatus'>

/**
 * The item's expiry status: the server's when it sent one, else worked out from London's `today`
 * (expired before today, expiring soon up to 7 days ahead); null without an expiry date.
 */
export function expiryStatusOf(item: Expiring, today: string): ExpiryStatus | null {
  const day = item.expiryDate?.slice(0, 10)
  if (!day) return null
  if (item.expiryStatus === 'expired' || item.expiryStatus === 'expiring_soon' || item.expiryStatus === 'fresh') {
    return item.expiryStatus
  }
  if (day < today) return 'expired'
  if (day <= addDays(today, EXPIRING_SOON_DAYS)) return 'expiring_soon'
  return 'fresh'
}

/** The list's chip: 'Expired: 01/06/2026' or 'Expires: 20/06/2026'; null without a date. */
export function expiryChipText(item: Expiring, today: string): string | null {
  const status = expiryStatusOf(item, today)
  if (!status || !item.expiryDate) return null
  const day = formatDate(item.expiryDate.slice(0, 10))
  return status === 'expired' ? `Expired: ${day}` : `Expires: ${day}`
}

/** The list's tag next to the chip: 'Expired' or 'Expires Soon'. */
export function expiryTag(item: Expiring, today: string): string | null {
  const status = expiryStatusOf(item, today)
  if (status === 'expired') return 'Expired'
  if (status === 'expiring_soon') return 'Expires Soon'
  return null
}

/** The small screen's alert under a row. */
export function expiryAlert(item: Expiring, today: string): string | null {
  const status = expiryStatusOf(item, today)
  if (status === 'expired') return 'This item has expired!'
  if (status === 'expiring_soon') return 'This item expires soon!'
  return null
}

/** The detail page's chip by the Expiry Date row. */
export function expiryDetailChip(item: Expiring, today: string): string | null {
  const status = expiryStatusOf(item, today)
  if (status === 'expired') return 'Expired'
  if (status === 'expiring_soon') return 'Expiring Soon'
  return null
}
