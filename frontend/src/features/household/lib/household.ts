import { z } from 'zod'
import { emailField } from '@/lib/user-fields'
import { INVITED_ROLES } from './roles'

export const nameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Household name is required')
    .max(50, 'Household name cannot exceed 50 characters'),
})

/** The owner's invite form: the server's own words for a wrong address or role. */
export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(INVITED_ROLES, 'Role must be member or viewer'),
})
