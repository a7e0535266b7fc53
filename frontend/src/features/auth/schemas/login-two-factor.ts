import { z } from 'zod'
import { authCodeField, recoveryCodeField } from '@/lib/two-factor-code'

/** The code step of a two-factor sign-in: the app's code, or a recovery code instead. */
export const loginCodeSchema = z.object({ code: authCodeField })
export const loginRecoveryCodeSchema = z.object({ recoveryCode: recoveryCodeField })
