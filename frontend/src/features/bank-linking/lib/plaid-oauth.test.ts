import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  forgetPlaidLink,
  oauthStateId,
  PLAID_OAUTH_MAX_AGE_MS,
  PLAID_OAUTH_STORAGE_KEY,
  readPlaidLink,
  savePlaidLink,
  withoutOAuthState,
} from './plaid-oauth'

beforeEach(() => window.sessionStorage.clear())
afterEach(() => vi.restoreAllMocks())

describe('the saved Plaid Link session', () => {
  const now = 1_750_000_000_000

  it('is saved under one key as { linkToken, itemId, savedAt }, read back, and forgotten', () => {
    savePlaidLink('link-sandbox-1', 'item-1', now)
    expect(JSON.parse(window.sessionStorage.getItem(PLAID_OAUTH_STORAGE_KEY)!)).toEqual({
      linkToken: 'link-sandbox-1',
      itemId: 'item-1',
      savedAt: now,
    })
    expect(readPlaidLink(now + 1000)).toEqual({ linkToken: 'link-sandbox-1', itemId: 'item-1', savedAt: now })
    forgetPlaidLink()
    expect(readPlaidLink(now)).toBeNull()
  })

  it('lasts 30 minutes', () => {
    savePlaidLink('link-sandbox-1', null, now)
    expect(readPlaidLink(now + PLAID_OAUTH_MAX_AGE_MS - 1)).not.toBeNull()
    expect(readPlaidLink(now + PLAID_OAUTH_MAX_AGE_MS)).toBeNull()
    // Saved "in the future" (a clock turned back): not trusted either.
    expect(readPlaidLink(now - 1)).toBeNull()
  })

  it.each([
    ['not JSON', '{'],
    ['null', 'null'],
    ['no token', JSON.stringify({ itemId: null, savedAt: now })],
    ['an empty token', JSON.stringify({ linkToken: '', itemId: null, savedAt: now })],
    ['a numeric item id', JSON.stringify({ linkToken: 'link-1', itemId: 7, savedAt: now })],
    ['a date string', JSON.stringify({ linkToken: 'link-1', itemId: null, savedAt: '2026-07-05' })],
  ])('ignores an entry with %s', (_, text) => {
    window.sessionStorage.setItem(PLAID_OAUTH_STORAGE_KEY, text)
    expect(readPlaidLink(now)).toBeNull()
  })

  it('does without sessionStorage when the browser refuses it', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(() => savePlaidLink('link-sandbox-1', null, now)).not.toThrow()
    expect(readPlaidLink(now)).toBeNull()
    expect(() => forgetPlaidLink()).not.toThrow()
  })
})

describe('oauth_state_id in the address', () => {
  it.each([
    ['?oauth_state_id=abc-123', 'abc-123', ''],
    ['?tab=banks&oauth_state_id=abc', 'abc', '?tab=banks'],
    ['?oauth_state_id=abc&tab=banks', 'abc', '?tab=banks'],
    ['?tab=banks', null, '?tab=banks'],
    ['', null, ''],
  ])('%j has %j and leaves %j', (search, id, rest) => {
    expect(oauthStateId(search)).toBe(id)
    expect(withoutOAuthState(search)).toBe(rest)
  })
})
