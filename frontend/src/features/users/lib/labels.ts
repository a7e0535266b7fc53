import type { AccessKind } from '../api/toggle-access'
import type { UserRole } from '../api/types'

export const ROLE_LABELS: Record<UserRole, string> = {
  user: 'User',
  superadmin: 'Superadmin',
}

export const ACCESS_LABELS: Record<AccessKind, string> = {
  bank: 'Bank Access',
  finalise: 'Finalise Access',
}

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  toggle_status: 'Status',
  toggle_bank_access: 'Bank access',
  toggle_finalize_access: 'Finalise access',
}

/** An audit action as a tag: 'toggle_bank_access' → 'Bank access'; an unknown one as it is. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action
}

/** The server's detail as a sentence: 'bank access granted' → 'Bank access granted'. */
export function auditDetailText(detail: string): string {
  return detail.charAt(0).toUpperCase() + detail.slice(1)
}

const londonDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An instant as London time, '05/03/2026 14:07'; '' when it is not a date. */
export function formatLondonDateTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return londonDateTime.format(date).replace(',', '')
}
