import { z } from 'zod'
import { confirmMatches, messages, newPasswordField, whenObject } from './fields'

export const resetPasswordSchema = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => confirmMatches(v.password, v.confirmPassword), {
    message: messages.passwordsMustMatch,
    path: ['confirmPassword'],
    when: whenObject,
  })

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>
export type ResetPasswordValues = z.output<typeof resetPasswordSchema>
