/// <reference types="node" />
// (Node types for fs and path: this test reads the vectors and the list from the repository, outside src/.)
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api/client'
import {
  checkPassword,
  loadCommonPasswords,
  newPasswordField,
  onPasswordRefusal,
  parseCommonPasswords,
  passwordMessages,
  passwordProblem,
  passwordRefusal,
  passwordStrength,
} from './password-rule'

type PasswordVectors = { set: Array<{ input: string; message?: string }> }

/** frontend/src/lib → the repository's root, where the domain crate keeps both files. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
const vectors = JSON.parse(
  readFileSync(resolve(ROOT, 'domain/vectors/passwords.json'), 'utf8'),
) as PasswordVectors
const common = parseCommonPasswords(readFileSync(resolve(ROOT, 'domain/data/common-passwords.txt'), 'utf8'))

describe('shared password vectors (domain/vectors/passwords.json)', () => {
  it('has vectors', () => {
    expect(vectors.set.length).toBeGreaterThan(0)
  })

  it.each(vectors.set)('refuses %j as the server does', ({ input, message }) => {
    expect(passwordProblem(input, common)).toBe(message)
  })

  it.each(vectors.set)('the form field refuses %j as the server does, but for the common list', ({ input, message }) => {
    const result = newPasswordField.safeParse(input)
    const expected = message === passwordMessages.tooCommon ? undefined : message
    expect(result.success ? undefined : result.error.issues[0].message).toBe(expected)
  })
})

describe('the common password list', () => {
  it('holds at least 10,000 lower-cased passwords without its header', () => {
    expect(common.size).toBeGreaterThanOrEqual(10_000)
    expect([...common].every((p) => p === p.toLowerCase() && !p.startsWith('#'))).toBe(true)
  })

  it('loads lazily as the same set, once', async () => {
    const first = loadCommonPasswords()
    expect(loadCommonPasswords()).toBe(first)
    expect((await first).size).toBe(common.size)
  })
})

describe('passwordStrength', () => {
  it.each<[string, 'weak' | 'fair' | 'strong']>([
    ['', 'weak'],
    ['secret12', 'weak'],
    ['Password1', 'weak'],
    ['Secret123', 'fair'],
    ['Secret123456', 'strong'],
    ['Correct-Horse-7', 'strong'],
  ])('%j is %s', (password, strength) => {
    expect(passwordStrength(password, checkPassword(password, common))).toBe(strength)
  })

  it('does not hold a password common before the list is known', () => {
    expect(checkPassword('Password1').notCommon).toBeUndefined()
    expect(passwordStrength('Password1', checkPassword('Password1'))).toBe('fair')
  })
})

describe('passwordRefusal', () => {
  it("takes the server's 400 naming a rule of the password, and nothing else", () => {
    const refusal = (status: number, message: string) => passwordRefusal(new ApiError(status, message))
    expect(refusal(400, passwordMessages.tooCommon)).toBe(passwordMessages.tooCommon)
    expect(refusal(400, passwordMessages.min)).toBe(passwordMessages.min)
    expect(refusal(400, 'Current password is incorrect')).toBeUndefined()
    expect(refusal(409, passwordMessages.tooCommon)).toBeUndefined()
    expect(passwordRefusal(new Error(passwordMessages.tooCommon))).toBeUndefined()
  })

  it('shows a refusal on the field and clears the alert, and leaves other errors alone', () => {
    const shown: string[] = []
    let cleared = 0
    const onError = onPasswordRefusal((m) => shown.push(m), () => (cleared += 1))
    onError(new ApiError(400, 'Invalid email'))
    onError(new ApiError(400, passwordMessages.tooCommon))
    expect(shown).toEqual([passwordMessages.tooCommon])
    expect(cleared).toBe(1)
  })
})
