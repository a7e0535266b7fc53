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

/**
 * What each permission allows, in the spec's words (doc 1 §6: Connect Bank; doc 2 §6: Finalise
 * Month on the recurring screen; the budgets screen's Finalise Month stays the superadmin's).
 */
export const ACCESS_HELP: Record<AccessKind, string> = {
  bank: 'May connect a bank account (Connect Bank on the Accounts page).',
  finalise: 'May finalise a month of their recurring transactions (Finalise Month on the Recurring page).',
}

/** Said beside the permissions: why a superadmin's buttons say Always. */
export const SUPERADMIN_ACCESS_NOTE = 'A superadmin always has both.'

const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  delete: 'Deleted',
  toggle_status: 'Status',
  toggle_bank_access: 'Bank access',
  toggle_finalize_access: 'Finalise access',
  reset_two_factor: 'Two-factor',
}

/** An audit action as a tag: 'toggle_bank_access' → 'Bank access'; an unknown one as it is. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action
}

/** The server's detail as a sentence: 'bank access granted' → 'Bank access granted'. */
export function auditDetailText(detail: string): string {
  return detail.charAt(0).toUpperCase() + detail.slice(1)
}
