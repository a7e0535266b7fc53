import { userFieldMessages } from '@/lib/user-fields'

/**
 * Field rules shared by the auth forms. Every user-visible validation message
 * of the auth screens lives in this folder or, for name, e-mail and the sign-in
 * password, in src/lib/user-fields.ts, and for a new password in
 * src/lib/password-rule.ts (the users feature uses them too).
 */
export const messages = {
  ...userFieldMessages,
  confirmRequired: 'Please confirm your password',
  confirmNewRequired: 'Please confirm your new password',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordRequired: 'Current password is required to change password',
} as const

// Name, e-mail and the password rules are shared with the users feature (src/lib).
export { NAME_MAX, NAME_MIN, basicPasswordField, emailField, nameField } from '@/lib/user-fields'
export { newPasswordField, passwordProblem } from '@/lib/password-rule'

type ParsePayload = { value: unknown }

/**
 * Lets an object-level rule run even when another field already failed, so a
 * form shows every message at once (zod skips such rules by default).
 */
export function whenObject(payload: ParsePayload): boolean {
  return typeof payload.value === 'object' && payload.value !== null
}

/** Adds 'Passwords must match' on confirmPassword when it is filled and differs. */
export function confirmMatches(password: unknown, confirmPassword: unknown): boolean {
  return typeof confirmPassword !== 'string' || confirmPassword === '' || confirmPassword === password
}
