import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { makeConnection, makeLinkedAccount } from './test-fixtures'
import {
  accountCountLabel,
  balanceDifferences,
  demoPublicToken,
  exchangeErrorMessage,
  linkedAccountIds,
  linkStart,
  linkWidget,
  skippedAccountsMessage,
  splitConnections,
} from './link-flow'
import type { BankProviderInfo } from '../api/types'

afterEach(() => vi.restoreAllMocks())

describe('linkWidget', () => {
  it.each([
    ['link-demo-1a2b', 'demo', 'demo'],
    ['link-demo-update-1a2b', 'demo', 'demo'],
    // The token decides even if the provider field were missing or odd.
    ['link-demo-1a2b', '', 'demo'],
    ['link-sandbox-1a2b', 'plaid', 'plaid'],
    ['link-production-1a2b', 'plaid', 'plaid'],
  ])('%s from %j opens %s', (link_token, provider, widget) => {
    expect(linkWidget({ link_token, provider: provider as 'plaid' | 'demo' })).toBe(widget)
  })
})

describe('demoPublicToken', () => {
  it("is 'public-demo-' and a UUID, new each time", () => {
    const a = demoPublicToken()
    expect(a).toMatch(/^public-demo-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(demoPublicToken()).not.toBe(a)
  })

  it('uses 128 random bits where crypto.randomUUID does not exist (plain http)', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) })
    try {
      expect(demoPublicToken()).toMatch(/^public-demo-[0-9a-f]{32}$/)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('exchangeErrorMessage', () => {
  it.each<[unknown, string]>([
    [new ApiError(400), 'Failed to connect bank account'],
    [new ApiError(400, 'public_token is required'), 'public_token is required'],
    [new ApiError(502), 'Bank connection failed. Please try again.'],
    [new ApiError(0, undefined, 'The request timed out'), 'Bank connection failed. Please try again.'],
    [new ApiError(0, undefined, 'Network error'), 'Bank connection failed. Please try again.'],
    [new ApiError(403, 'You do not have permission to connect bank accounts'), 'You do not have permission to connect bank accounts'],
    [new Error('boom'), 'Bank connection failed. Please try again.'],
  ])('%s → %s', (error, message) => {
    expect(exchangeErrorMessage(error)).toBe(message)
  })
})

describe('accountCountLabel', () => {
  it.each([
    [0, '0 accounts'],
    [1, '1 account'],
    [2, '2 accounts'],
  ])('%i → %s', (n, label) => {
    expect(accountCountLabel(n)).toBe(label)
  })
})

describe('connections', () => {
  const active = makeConnection()
  const expired = makeConnection({
    itemId: 'item-2',
    isActive: false,
    accounts: [makeLinkedAccount({ _id: 'acc-savings' })],
  })

  it('collects the ids of every linked account, of active and expired connections alike', () => {
    expect([...linkedAccountIds([active, expired])].sort()).toEqual(['acc-demo-card', 'acc-demo-current', 'acc-savings'])
    expect(linkedAccountIds(undefined).size).toBe(0)
  })

  it('splits them into those needing attention and those that work, in order', () => {
    expect(splitConnections([expired, active])).toEqual({ needsAttention: [expired], active: [active] })
    expect(splitConnections(undefined)).toEqual({ needsAttention: [], active: [] })
  })
})

describe('balanceDifferences', () => {
  it('names only the accounts whose balance here is not the bank\'s, to the penny', () => {
    const connection = makeConnection({
      accounts: [
        makeLinkedAccount({ name: 'Same', currentBalance: 0.1 + 0.2, bankBalance: 0.3 }),
        makeLinkedAccount({ name: 'Off by a penny', currentBalance: 100.01, bankBalance: 100 }),
        makeLinkedAccount({ name: 'No bank figure', currentBalance: 5, bankBalance: null }),
      ],
    })
    expect(balanceDifferences(connection)).toEqual([{ name: 'Off by a penny', oursPence: 10001, bankPence: 10000 }])
  })
})

describe('linkStart', () => {
  const providers = (...on: BankProviderInfo['id'][]): BankProviderInfo[] =>
    (['demo', 'plaid', 'enablebanking'] as const).map((id) => ({ id, name: id, enabled: on.includes(id) }))

  it.each<[string, Parameters<typeof linkStart>[0], ReturnType<typeof linkStart>]>([
    ['waits for the answer', { status: 'pending', data: undefined }, 'waiting'],
    ['takes the link token without an answer', { status: 'error', data: undefined }, 'link-token'],
    ['takes the link token for the demo bank alone', { status: 'success', data: providers('demo') }, 'link-token'],
    ['takes the link token for Plaid alone', { status: 'success', data: providers('plaid') }, 'link-token'],
    ['takes the link token when none is on', { status: 'success', data: providers() }, 'link-token'],
    ['asks with the demo bank and Enable Banking', { status: 'success', data: providers('demo', 'enablebanking') }, 'pick-provider'],
    ['asks with Plaid and Enable Banking', { status: 'success', data: providers('plaid', 'enablebanking') }, 'pick-provider'],
    ['goes to the banks for Enable Banking alone', { status: 'success', data: providers('enablebanking') }, 'enablebanking'],
  ])('%s', (_, answer, start) => {
    expect(linkStart(answer)).toBe(start)
  })
})

describe('skippedAccountsMessage', () => {
  it.each([
    [1, "1 of the bank's accounts was not linked. The bank's entry below says why."],
    [2, "2 of the bank's accounts were not linked. The bank's entry below says why."],
  ])('%i → %s', (n, message) => {
    expect(skippedAccountsMessage(n)).toBe(message)
  })
})
