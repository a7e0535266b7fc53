import { z } from 'zod'
import { newPasswordField } from '@/lib/password-rule'
import { emailField, nameField, userFieldMessages } from '@/lib/user-fields'
import type { EditUserRequest, ManagedUser, NewUserRequest, UserRole } from '../api/types'

export const USER_ROLES = ['user', 'superadmin'] as const satisfies readonly UserRole[]

/**
 * The user form's messages: name and e-mail are the register form's rules
 * (src/lib/user-fields.ts) and a password the rule of every password set
 * (src/lib/password-rule.ts), as the server applies them to admin-created users too.
 */
export const messages = {
  ...userFieldMessages,
  roleInvalid: 'Role must be user or superadmin',
} as const

const role = z.enum(USER_ROLES, messages.roleInvalid)

/** Add New User: the password is required. */
export const newUserSchema = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  role,
})

/** Edit User: a blank password keeps the current one; a typed one follows the same rule. */
export const editUserSchema = z.object({
  name: nameField,
  email: emailField,
  password: z.union([z.literal(''), newPasswordField]),
  role,
})

export type UserFormInput = z.input<typeof newUserSchema>
export type UserFormValues = z.output<typeof newUserSchema>

export function emptyUserForm(): UserFormInput {
  return { name: '', email: '', password: '', role: 'user' }
}

export function userToForm(user: ManagedUser): UserFormInput {
  return { name: user.name, email: user.email, password: '', role: user.role }
}

export function toNewUserRequest(values: UserFormValues): NewUserRequest {
  return { name: values.name, email: values.email, password: values.password, role: values.role }
}

/** The edit body: `password` is left out, not sent empty, when the field is blank. */
export function toEditUserRequest(values: UserFormValues): EditUserRequest {
  const body: EditUserRequest = { name: values.name, email: values.email, role: values.role }
  if (values.password !== '') body.password = values.password
  return body
}
