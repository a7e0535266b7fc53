import { z } from 'zod'
import {
  basicPasswordField,
  confirmMatches,
  emailField,
  messages,
  nameField,
  whenObject,
} from './fields'

export const registerSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: basicPasswordField,
    confirmPassword: z.string().min(1, messages.confirmRequired),
  })
  .refine((v) => confirmMatches(v.password, v.confirmPassword), {
    message: messages.passwordsMustMatch,
    path: ['confirmPassword'],
    when: whenObject,
  })

export type RegisterInput = z.input<typeof registerSchema>
export type RegisterValues = z.output<typeof registerSchema>
