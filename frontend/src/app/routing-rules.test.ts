import { describe, expect, it } from 'vitest'
import {
  isKnownSignedInPath,
  normalisePath,
  resolveSignedInUnknownPath,
  resolveSignedOutUnknownPath,
  shouldRememberPath,
  signedInRedirectFor,
} from './routing-rules'

describe('normalisePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/dashboard/', '/dashboard'],
    ['/dashboard?x=1', '/dashboard'],
    ['/dashboard#top', '/dashboard'],
    ['/transactions/abc', '/transactions/abc'],
  ])('%s → %s', (input, expected) => expect(normalisePath(input)).toBe(expected))
})

describe('isKnownSignedInPath', () => {
  it.each([
    ['/dashboard', true],
    ['/transactions', true],
    ['/transactions/42', true],
    ['/transactions/', true], // normalised to the list page
    ['/inventory', true],
    ['/inventory/7', true],
    ['/accounts', true],
    ['/categories', true],
    ['/budgets', true],
    ['/budgets/analytics', true],
    ['/recurring', true],
    ['/recurring/analytics', true],
    ['/reports', true],
    ['/goals', true],
    ['/shopping-list', true],
    ['/accounts/5', false],
    ['/login', false],
    ['/', false],
    ['/account-disabled', false],
    ['/nope', false],
  ])('%s → %s', (path, expected) => expect(isKnownSignedInPath(path)).toBe(expected))

  it('knows /users only for a superadmin', () => {
    expect(isKnownSignedInPath('/users')).toBe(false)
    expect(isKnownSignedInPath('/users', { isSuperadmin: true })).toBe(true)
  })
})

describe('shouldRememberPath', () => {
  it.each([
    ['/', false],
    ['/login', false],
    ['/register', false],
    ['/login/', false],
    ['/dashboard', true],
    ['/transactions/9', true],
    ['/forgot-password', true],
  ])('%s → %s', (path, expected) => expect(shouldRememberPath(path)).toBe(expected))
})

describe('resolveSignedInUnknownPath', () => {
  it.each<[string | null, string, string]>([
    [null, '/nope', '/dashboard'],
    ['/accounts', '/nope', '/accounts'],
    ['/transactions/abc', '/nope', '/transactions/abc'],
    ['/inventory/1', '/', '/inventory/1'],
    ['/forgot-password', '/nope', '/dashboard'],
    ['/login', '/nope', '/dashboard'],
    ['/garbage', '/nope', '/dashboard'],
    ['/users', '/nope', '/dashboard'],
    // Never back to the very path that had no route (it would loop).
    ['/accounts', '/accounts', '/dashboard'],
    ['/accounts/', '/accounts', '/dashboard'],
  ])('last %s, asked for %s → %s', (last, requested, expected) => {
    expect(resolveSignedInUnknownPath(last, requested)).toBe(expected)
  })

  it('goes back to /users for a superadmin', () => {
    expect(resolveSignedInUnknownPath('/users', '/nope', { isSuperadmin: true })).toBe('/users')
  })
})

describe('signed-out and signed-in-only redirects', () => {
  it('sends a signed-out visitor on any other path to /', () => {
    expect(resolveSignedOutUnknownPath()).toBe('/')
  })

  it.each([
    ['/login', '/dashboard'],
    ['/register', '/dashboard'],
    ['/forgot-password', null],
    ['/verify-email/x', null],
    ['/dashboard', null],
  ])('signed in at %s → %s', (path, expected) => {
    expect(signedInRedirectFor(path)).toBe(expected)
  })
})
