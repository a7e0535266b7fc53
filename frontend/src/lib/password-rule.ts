import { useEffect, useState } from 'react'
import { z } from 'zod'
import { ApiError } from './api/client'

/**
 * The one rule of a password being set (sign-up, reset, profile, a superadmin's user form), as
 * the server's `NewPassword` holds it: 8 to 128 characters with an upper-case letter, a
 * lower-case letter and a digit, and none of the most common passwords whatever its case. Signing
 * in keeps the older 6-character floor (src/lib/user-fields.ts) so older accounts still sign in.
 *
 * The forms check all but the common list, which is left to the server (its refusal is shown on
 * the field: `passwordRefusal`); the strength hint loads the list on first use to say so sooner.
 * Both sides run the cases of domain/vectors/passwords.json.
 */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export const passwordMessages = {
  required: 'Password is required',
  max: 'Password cannot exceed 128 characters',
  min: 'Password must be at least 8 characters',
  complexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  tooCommon: 'This password is too common. Please choose another.',
} as const

/** What a password meets of the rule; `notCommon` is unknown until the list has loaded. */
export type PasswordCheck = {
  length: boolean
  upper: boolean
  lower: boolean
  digit: boolean
  notCommon: boolean | undefined
}

/** Characters as the server counts them: code points, so an emoji is one. */
function charCount(value: string): number {
  return [...value].length
}

export function checkPassword(value: string, common?: ReadonlySet<string>): PasswordCheck {
  return {
    length: charCount(value) >= PASSWORD_MIN,
    upper: /[A-Z]/.test(value),
    lower: /[a-z]/.test(value),
    digit: /\d/.test(value),
    notCommon: common ? !common.has(value.toLowerCase()) : undefined,
  }
}

/**
 * The message the server refuses `value` with, first broken rule first, or undefined when it
 * would be accepted; without `common` the common list is not checked.
 */
export function passwordProblem(value: string, common?: ReadonlySet<string>): string | undefined {
  if (value === '') return passwordMessages.required
  if (charCount(value) > PASSWORD_MAX) return passwordMessages.max
  const check = checkPassword(value, common)
  if (!check.length) return passwordMessages.min
  if (!(check.upper && check.lower && check.digit)) return passwordMessages.complexity
  if (check.notCommon === false) return passwordMessages.tooCommon
  return undefined
}

/** A new password's field: the rule but the common list, which the server checks. */
export const newPasswordField = z.string().superRefine((value, ctx) => {
  const message = passwordProblem(value)
  if (message) ctx.addIssue({ code: 'custom', message })
})

export type PasswordStrength = 'weak' | 'fair' | 'strong'

/** At this length an accepted password counts as strong rather than fair. */
export const STRONG_LENGTH = 12

/**
 * Weak: the server would refuse it (a common one only once the list is known). Fair: accepted.
 * Strong: accepted and at least 12 characters long.
 */
export function passwordStrength(value: string, check: PasswordCheck): PasswordStrength {
  const accepted =
    check.length && check.upper && check.lower && check.digit && check.notCommon !== false
  if (!accepted || charCount(value) > PASSWORD_MAX) return 'weak'
  return charCount(value) >= STRONG_LENGTH ? 'strong' : 'fair'
}

const REFUSALS: ReadonlySet<string> = new Set(Object.values(passwordMessages))

/** The server's refusal of a new password (a 400 with one of the rule's messages), to show on its field. */
export function passwordRefusal(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.serverMessage) return undefined
  return REFUSALS.has(error.serverMessage) ? error.serverMessage : undefined
}

/**
 * A save call's `onError` for a form with a new-password field: the server's refusal of the
 * password is shown on that field (`show`), in place of the form's alert (`clear` resets the call).
 */
export function onPasswordRefusal(show: (message: string) => void, clear: () => void) {
  return (error: unknown) => {
    const message = passwordRefusal(error)
    if (message === undefined) return
    show(message)
    clear()
  }
}

/** The shipped list's text: one lower-cased password a line, `#` lines being its header. */
export function parseCommonPasswords(text: string): ReadonlySet<string> {
  return new Set(text.split('\n').filter((line) => line !== '' && !line.startsWith('#')))
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined

/** The list (about 40 kB gzipped), fetched once, on first use; a failed fetch is tried again next time. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('../../../domain/data/common-passwords.txt?raw').then(
    (module) => parseCommonPasswords(module.default),
    (error: unknown) => {
      commonPasswords = undefined
      throw error
    },
  )
  return commonPasswords
}

/** The common list once `wanted` has been true and it has loaded; undefined until then or offline. */
export function useCommonPasswords(wanted: boolean): ReadonlySet<string> | undefined {
  const [list, setList] = useState<ReadonlySet<string>>()
  useEffect(() => {
    if (!wanted || list) return
    let live = true
    loadCommonPasswords().then(
      (loaded) => {
        if (live) setList(loaded)
      },
      () => {}, // the server still checks; the hint leaves the item unknown
    )
    return () => {
      live = false
    }
  }, [wanted, list])
  return list
}
