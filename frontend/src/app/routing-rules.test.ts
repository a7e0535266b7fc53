import { describe, expect, it } from 'vitest'
import {
  isKnownSignedInPath,
  loginPathFor,
  normalisePath,
  registerPathFor,
  resolveSignedInHome,
  returnTargetFrom,
  safeReturnTarget,
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

describe('resolveSignedInHome (a signed-in user at /)', () => {
  it.each<[string | null, string]>([
    [null, '/dashboard'],
    ['/accounts', '/accounts'],
    ['/transactions/abc', '/transactions/abc'],
    ['/inventory/1', '/inventory/1'],
    ['/forgot-password', '/dashboard'],
    ['/login', '/dashboard'],
    ['/', '/dashboard'],
    ['/garbage', '/dashboard'],
    ['/users', '/dashboard'],
  ])('last %s → %s', (last, expected) => {
    expect(resolveSignedInHome(last)).toBe(expected)
  })

  it('goes back to /users for a superadmin', () => {
    expect(resolveSignedInHome('/users', { isSuperadmin: true })).toBe('/users')
  })
})

describe('safeReturnTarget (open-redirect guard)', () => {
  it.each([
    ['/reports?month=10&year=2026', '/reports?month=10&year=2026'],
    ['/transactions/0b7c2a1e-5b1f-4f55-9d3e-2f6f0d1c9a11', '/transactions/0b7c2a1e-5b1f-4f55-9d3e-2f6f0d1c9a11'],
    ['/transactions?search=hobby#top', '/transactions?search=hobby#top'],
    ['/budgets/analytics', '/budgets/analytics'],
    ['/reports/../budgets', '/budgets'],
    ['/nope', '/nope'], // unknown, but in the app: it shows the 404 page
  ])('accepts %s as %s', (raw, expected) => expect(safeReturnTarget(raw)).toBe(expected))

  it.each([
    ['//evil.example'],
    ['//evil.example/reports'],
    ['https://evil.example'],
    ['https://evil.example/reports'],
    ['http:/evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['reports'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/.//evil.example'],
    ['/%2e//evil.example'],
    [''],
    [null],
    [undefined],
  ])('refuses %j', (raw) => expect(safeReturnTarget(raw)).toBeNull())

  it.each([
    ['/'],
    ['/login'],
    ['/login/'],
    ['/login?next=/reports'],
    ['/register'],
    ['/forgot-password'],
    ['/reset-password/abc'],
    ['/verify-email/abc'],
    ['/account-disabled'],
    ['/reports/../login'],
    ['/?x=1'],
  ])('never returns to the account page %s', (raw) => expect(safeReturnTarget(raw)).toBeNull())
})

describe('loginPathFor and returnTargetFrom', () => {
  it('carries the page, query string included, as ?next=', () => {
    const path = loginPathFor('/reports?month=10&year=2026')
    expect(path).toBe('/login?next=%2Freports%3Fmonth%3D10%26year%3D2026')
    expect(returnTargetFrom(path.slice(path.indexOf('?')))).toBe('/reports?month=10&year=2026')
  })

  it('goes to plain /login when the page is not a return target', () => {
    expect(loginPathFor('/')).toBe('/login')
    expect(loginPathFor('/login')).toBe('/login')
    expect(loginPathFor('//evil.example')).toBe('/login')
  })

  it.each([
    ['?next=%2F%2Fevil.example', null],
    ['?next=https%3A%2F%2Fevil.example', null],
    ['?next=%2Flogin', null],
    ['?next=', null],
    ['', null],
    ['?next=%2Ftransactions%2F42', '/transactions/42'],
  ])('reads %s as %s', (search, expected) => expect(returnTargetFrom(search)).toBe(expected))
})

describe('registerPathFor', () => {
  it('carries an invitation link as ?next=, as /login does', () => {
    expect(registerPathFor('/accept-invitation/4f2a')).toBe('/register?next=%2Faccept-invitation%2F4f2a')
  })

  it('goes to plain /register without a safe target', () => {
    expect(registerPathFor(null)).toBe('/register')
    expect(registerPathFor('/register')).toBe('/register')
    expect(registerPathFor('https://evil.example')).toBe('/register')
  })
})

describe('signed-in-only redirects', () => {
  it.each([
    ['/login', '', '/dashboard'],
    ['/register', '', '/dashboard'],
    ['/login', '?next=%2Freports%3Fmonth%3D1', '/reports?month=1'],
    ['/login', '?next=%2F%2Fevil.example', '/dashboard'],
    ['/login', '?next=https%3A%2F%2Fevil.example', '/dashboard'],
    ['/login', '?next=%2Flogin', '/dashboard'],
    ['/forgot-password', '', null],
    ['/verify-email/x', '', null],
    ['/dashboard', '?next=%2Freports', null],
  ])('signed in at %s%s → %s', (path, search, expected) => {
    expect(signedInRedirectFor(path, search)).toBe(expected)
  })
})
