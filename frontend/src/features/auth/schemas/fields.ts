import { z } from 'zod'

/**
 * Field rules shared by the auth forms. Every user-visible validation message
 * of the auth screens lives in this folder.
 */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters',
  passwordMin8: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name cannot exceed 50 characters',
  confirmRequired: 'Please confirm your password',
  confirmNewRequired: 'Please confirm your new password',
  passwordsMustMatch: 'Passwords must match',
  currentPasswordRequired: 'Current password is required to change password',
} as const

export const NAME_MIN = 2
export const NAME_MAX = 50

export const emailField = z
  .string()
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email(messages.emailInvalid))

export const nameField = z
  .string()
  .trim()
  .min(1, messages.nameRequired)
  .min(NAME_MIN, messages.nameMin)
  .max(NAME_MAX, messages.nameMax)

/** Login and register: required, at least 6 characters. */
export const basicPasswordField = z
  .string()
  .min(1, messages.passwordRequired)
  .min(6, messages.passwordMin6)

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
