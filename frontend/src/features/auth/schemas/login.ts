import { z } from 'zod'
import { basicPasswordField, emailField } from './fields'

export const loginSchema = z.object({
  email: emailField,
  password: basicPasswordField,
})

export type LoginInput = z.input<typeof loginSchema>
export type LoginValues = z.output<typeof loginSchema>
