import { z } from 'zod'

/**
 * The rules of a person's name, e-mail and sign-in password, shared by the
 * auth forms (register, login, profile) and the superadmin's user form, so both
 * refuse what the server refuses with the same words. A password being set
 * follows src/lib/password-rule.ts instead.
 */
export const userFieldMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordMin6: 'Password must be at least 6 characters',
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name cannot exceed 50 characters',
} as const

export const NAME_MIN = 2
export const NAME_MAX = 50
export const BASIC_PASSWORD_MIN = 6

export const emailField = z
  .string()
  .trim()
  .min(1, userFieldMessages.emailRequired)
  .pipe(z.email(userFieldMessages.emailInvalid))

export const nameField = z
  .string()
  .trim()
  .min(1, userFieldMessages.nameRequired)
  .min(NAME_MIN, userFieldMessages.nameMin)
  .max(NAME_MAX, userFieldMessages.nameMax)

/**
 * Login only: required, at least 6 characters, the floor passwords were once set with, so older
 * accounts still sign in. Setting a password takes `newPasswordField` (src/lib/password-rule.ts).
 */
export const basicPasswordField = z
  .string()
  .min(1, userFieldMessages.passwordRequired)
  .min(BASIC_PASSWORD_MIN, userFieldMessages.passwordMin6)
