import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { editProfileSchema, toProfileUpdate } from './edit-profile'
import { forgotPasswordSchema } from './forgot-password'
import { loginSchema } from './login'
import { registerSchema } from './register'
import { resetPasswordSchema } from './reset-password'

/** The first message zod reports for each field, as the form shows them. */
function firstErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const out: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

const long = (n: number) => 'a'.repeat(n)

describe('loginSchema', () => {
  const valid = { email: 'alice@example.com', password: 'secret1' }
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['valid', {}, {}],
    ['empty email', { email: '' }, { email: 'Email is required' }],
    ['blank email', { email: '   ' }, { email: 'Email is required' }],
    ['invalid email', { email: 'alice@' }, { email: 'Please enter a valid email address' }],
    ['email without domain dot', { email: 'alice' }, { email: 'Please enter a valid email address' }],
    ['empty password', { password: '' }, { password: 'Password is required' }],
    ['short password', { password: '12345' }, { password: 'Password must be at least 6 characters' }],
    ['six characters', { password: '123456' }, {}],
  ])('%s', (_name, patch, expected) => {
    expect(firstErrors(loginSchema, { ...valid, ...patch })).toEqual(expected)
  })

  it('trims the email', () => {
    expect(loginSchema.parse({ ...valid, email: '  alice@example.com ' }).email).toBe(
      'alice@example.com',
    )
  })
})

describe('registerSchema', () => {
  const valid = {
    name: 'Alice',
    email: 'alice@example.com',
    password: 'Secret123',
    confirmPassword: 'Secret123',
  }
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['valid', {}, {}],
    ['empty name', { name: '' }, { name: 'Name is required' }],
    ['blank name', { name: '  ' }, { name: 'Name is required' }],
    ['one-letter name', { name: 'A' }, { name: 'Name must be at least 2 characters' }],
    ['two-letter name', { name: 'Al' }, {}],
    ['50-character name', { name: long(50) }, {}],
    ['51-character name', { name: long(51) }, { name: 'Name cannot exceed 50 characters' }],
    ['empty email', { email: '' }, { email: 'Email is required' }],
    ['invalid email', { email: 'a@b' }, { email: 'Please enter a valid email address' }],
    [
      'empty password',
      { password: '', confirmPassword: '' },
      { password: 'Password is required', confirmPassword: 'Please confirm your password' },
    ],
    [
      'seven-character password (the rule of reset and profile, not login)',
      { password: 'Secret1', confirmPassword: 'Secret1' },
      { password: 'Password must be at least 8 characters' },
    ],
    [
      'password without an uppercase letter',
      { password: 'secret123', confirmPassword: 'secret123' },
      { password: 'Password must contain at least one uppercase letter, one lowercase letter, and one number' },
    ],
    ['empty confirmation', { confirmPassword: '' }, { confirmPassword: 'Please confirm your password' }],
    ['different confirmation', { confirmPassword: 'Secret124' }, { confirmPassword: 'Passwords must match' }],
    [
      'mismatch shown alongside other errors',
      { name: '', confirmPassword: 'nope' },
      { name: 'Name is required', confirmPassword: 'Passwords must match' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(firstErrors(registerSchema, { ...valid, ...patch })).toEqual(expected)
  })
})

describe('forgotPasswordSchema', () => {
  it.each<[string, string, Record<string, string>]>([
    ['valid', 'bob@example.co.uk', {}],
    ['empty', '', { email: 'Email is required' }],
    ['invalid', 'bob@@example.com', { email: 'Please enter a valid email address' }],
  ])('%s', (_name, email, expected) => {
    expect(firstErrors(forgotPasswordSchema, { email })).toEqual(expected)
  })
})

describe('resetPasswordSchema', () => {
  const complexity =
    'Password must contain at least one uppercase letter, one lowercase letter, and one number'
  it.each<[string, string, string, Record<string, string>]>([
    ['valid', 'Abcdefg1', 'Abcdefg1', {}],
    ['empty', '', '', { password: 'Password is required', confirmPassword: 'Please confirm your password' }],
    ['seven characters', 'Abcdef1', 'Abcdef1', { password: 'Password must be at least 8 characters' }],
    ['no uppercase', 'abcdefg1', 'abcdefg1', { password: complexity }],
    ['no lowercase', 'ABCDEFG1', 'ABCDEFG1', { password: complexity }],
    ['no digit', 'Abcdefgh', 'Abcdefgh', { password: complexity }],
    ['empty confirmation', 'Abcdefg1', '', { confirmPassword: 'Please confirm your password' }],
    ['different confirmation', 'Abcdefg1', 'Abcdefg2', { confirmPassword: 'Passwords must match' }],
  ])('%s', (_name, password, confirmPassword, expected) => {
    expect(firstErrors(resetPasswordSchema, { password, confirmPassword })).toEqual(expected)
  })
})

describe('editProfileSchema', () => {
  const base = {
    name: 'Alice',
    email: 'alice@example.com',
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
    reportYear: 'calendar',
  }
  const complexity =
    'Password must contain at least one uppercase letter, one lowercase letter, and one number'
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['name and email only', {}, {}],
    ['empty name', { name: '' }, { name: 'Name is required' }],
    ['name is trimmed before counting', { name: ' A ' }, { name: 'Name must be at least 2 characters' }],
    ['51-character name', { name: long(51) }, { name: 'Name cannot exceed 50 characters' }],
    ['empty email', { email: '' }, { email: 'Email is required' }],
    ['invalid email', { email: 'nope' }, { email: 'Please enter a valid email address' }],
    ['tax year chosen', { reportYear: 'tax' }, {}],
    ['current password alone is ignored', { currentPassword: 'whatever' }, {}],
    ['confirmation alone is ignored', { confirmPassword: 'whatever' }, {}],
    [
      'new password without current',
      { newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
      { currentPassword: 'Current password is required to change password' },
    ],
    [
      'short new password',
      { currentPassword: 'old', newPassword: 'Abc1', confirmPassword: 'Abc1' },
      { newPassword: 'Password must be at least 8 characters' },
    ],
    [
      'weak new password',
      { currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      { newPassword: complexity },
    ],
    [
      'new password without confirmation',
      { currentPassword: 'old', newPassword: 'Abcdefg1' },
      { confirmPassword: 'Please confirm your new password' },
    ],
    [
      'mismatched confirmation',
      { currentPassword: 'old', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' },
      { confirmPassword: 'Passwords must match' },
    ],
    [
      'full password change',
      { currentPassword: 'old', newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
      {},
    ],
    [
      'password rules still run when the name is invalid',
      { name: '', newPassword: 'Abcdefg1' },
      {
        name: 'Name is required',
        currentPassword: 'Current password is required to change password',
        confirmPassword: 'Please confirm your new password',
      },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(firstErrors(editProfileSchema, { ...base, ...patch })).toEqual(expected)
  })

  it('sends the password fields only when a new password is given', () => {
    expect(toProfileUpdate(editProfileSchema.parse({ ...base, name: ' Alice ', reportYear: 'tax' }))).toEqual({
      name: 'Alice',
      email: 'alice@example.com',
      reportYear: 'tax',
    })
    expect(
      toProfileUpdate(
        editProfileSchema.parse({
          ...base,
          currentPassword: 'old',
          newPassword: 'Abcdefg1',
          confirmPassword: 'Abcdefg1',
        }),
      ),
    ).toEqual({
      name: 'Alice',
      email: 'alice@example.com',
      reportYear: 'calendar',
      currentPassword: 'old',
      newPassword: 'Abcdefg1',
    })
  })
})
