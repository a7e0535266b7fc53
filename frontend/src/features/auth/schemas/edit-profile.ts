import { z } from 'zod'
import { emailField, messages, nameField, passwordProblem, whenObject } from './fields'

/**
 * Edit profile: name and email always; the password fields only
 * matter once a new password is typed, then current password, the rule of a
 * new password and a matching confirmation are all required.
 */
export const editProfileSchema = z
  .object({
    name: nameField,
    email: emailField,
    currentPassword: z.string(),
    newPassword: z.string(),
    confirmPassword: z.string(),
    /** Which year the Reports screen opens on. */
    reportYear: z.enum(['calendar', 'tax']),
  })
  .superRefine((v, ctx) => {
    const newPassword = v.newPassword ?? ''
    if (newPassword === '') return
    if ((v.currentPassword ?? '') === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: messages.currentPasswordRequired,
      })
    }
    const problem = passwordProblem(newPassword)
    if (problem) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: problem })
    const confirm = v.confirmPassword ?? ''
    if (confirm === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: messages.confirmNewRequired,
      })
    } else if (confirm !== newPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: messages.passwordsMustMatch,
      })
    }
  }, { when: whenObject })

export type EditProfileInput = z.input<typeof editProfileSchema>
export type EditProfileValues = z.output<typeof editProfileSchema>

/** The request body: password fields only when a new password was given. */
export function toProfileUpdate(values: EditProfileValues) {
  return values.newPassword
    ? {
        name: values.name,
        email: values.email,
        reportYear: values.reportYear,
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }
    : { name: values.name, email: values.email, reportYear: values.reportYear }
}
