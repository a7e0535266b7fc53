import { z } from 'zod'
import { anyTwoFactorCodeField, authCodeField } from '@/lib/two-factor-code'
import { userFieldMessages } from '@/lib/user-fields'

/** Confirming the setup: a code from the app just set up. */
export const enableTwoFactorSchema = z.object({ code: authCodeField })

/** Turning it off: the password, and a code from the app or one of the recovery codes. */
export const disableTwoFactorSchema = z.object({
  password: z.string().min(1, userFieldMessages.passwordRequired),
  code: anyTwoFactorCodeField,
})
