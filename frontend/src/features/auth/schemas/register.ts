import { z } from 'zod'
import {
  confirmMatches,
  emailField,
  messages,
  nameField,
  newPasswordField,
  whenObject,
} from './fields'

export const registerSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => confirmMatches(v.password, v.confirmPassword), {
    message: messages.passwordsMustMatch,
    path: ['confirmPassword'],
    when: whenObject,
  })

export type RegisterInput = z.input<typeof registerSchema>
export type RegisterValues = z.output<typeof registerSchema>
