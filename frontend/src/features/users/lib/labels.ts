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
