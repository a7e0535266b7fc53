import { z } from 'zod'

/**
 * The second factor as the forms take it, the same when signing in (auth) and when turning
 * two-factor sign-in on or off (security): the six digits an authenticator app shows, spaces
 * allowed ('123 456', as apps show them), or one of the recovery codes ('abcde-fghij'). The
 * server reads them the same way (domain/src/two_factor.rs); its refusal of a wrong one,
 * 'Invalid authentication code' or 'Invalid recovery code', is the form's alert.
 */
export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code',
  codeDigits: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter a recovery code',
  eitherRequired: 'Enter a code from your app or a recovery code',
} as const

/** Six digits; the spaces an app groups them with are dropped. */
export const authCodeField = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().min(1, twoFactorMessages.codeRequired).regex(/^\d{6}$/, twoFactorMessages.codeDigits))

/** A recovery code as typed: the server ignores its case, hyphen and spaces. */
export const recoveryCodeField = z.string().trim().min(1, twoFactorMessages.recoveryCodeRequired)

/** Either kind in one field (turning two-factor sign-in off: the phone may be lost). */
export const anyTwoFactorCodeField = z.string().trim().min(1, twoFactorMessages.eitherRequired)
