import { z } from 'zod'
import { userFieldMessages } from '@/lib/user-fields'

/**
 * Field rules shared by the auth forms. Every user-visible validation message
 * of the auth screens lives in this folder or, for name, e-mail and the basic
 * password rule, in src/lib/user-fields.ts (the users feature uses them too).
 */
export const messages = {
  ...userFieldMessages,
  passwordMin8: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmRequired: 'Please confirm your password',
  confirmNewRequired: 'Please confirm your new password',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordRequired: 'Current password is required to change password',
} as const

// Name, e-mail and the basic password rule are shared with the users feature (src/lib).
export { NAME_MAX, NAME_MIN, basicPasswordField, emailField, nameField } from '@/lib/user-fields'

const UPPER = /[A-Z]/
const LOWER = /[a-z]/
const DIGIT = /\d/

/** True when the password has an uppercase letter, a lowercase letter and a digit. */
export function isComplexPassword(value: string): boolean {
  return UPPER.test(value) && LOWER.test(value) && DIGIT.test(value)
}

/** Reset password and profile: at least 8 characters with upper, lower and digit. */
export const strongPasswordField = z
  .string()
  .min(1, messages.passwordRequired)
  .min(8, messages.passwordMin8)
  .refine(isComplexPassword, messages.passwordComplexity)

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
