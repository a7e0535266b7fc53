import { afterEach, describe, expect, it, vi } from 'vitest'
import { client } from '@/lib/api/client'
import { createLinkToken } from './create-link-token'
import { disconnectItem } from './disconnect-item'
import { exchangePublicToken } from './exchange-public-token'
import { getAspsps } from './get-aspsps'
import { getBankProviders } from './get-bank-providers'
import { startEnableBankingAuth } from './start-enable-banking-auth'
import { simulateExpiry } from './simulate-expiry'
import { syncItem } from './sync-item'

afterEach(() => vi.restoreAllMocks())

/** The calls' options, without sending them: the exchange and the syncs get a minute. */
describe('bank calls', () => {
  it('give the exchange and the syncs 60 seconds, and the rest the default', async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue({} as never)
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue({} as never)
    await exchangePublicToken({
      publicToken: 'public-demo-1',
      institution: { name: 'Demo Bank UK', institution_id: 'ins_demo' },
      idempotencyKey: 'k1',
    })
    await syncItem('item-1')
    await simulateExpiry('item-1')
    await createLinkToken(null)
    await disconnectItem('item-1')

    expect(post.mock.calls).toEqual([
      [
        '/api/plaid/item/public_token/exchange',
        {
          body: {
            public_token: 'public-demo-1',
            metadata: { institution: { name: 'Demo Bank UK', institution_id: 'ins_demo' }, accounts: [] },
          },
          timeoutMs: 60_000,
          idempotencyKey: 'k1',
        },
      ],
      ['/api/plaid/item/{id}/sync', { params: { path: { id: 'item-1' } }, timeoutMs: 60_000 }],
      ['/api/plaid/item/{id}/simulate-expiry', { params: { path: { id: 'item-1' } }, timeoutMs: 60_000 }],
      ['/api/plaid/link/token/create', { body: { itemId: null } }],
    ])
    expect(del.mock.calls).toEqual([['/api/plaid/item/{id}', { params: { path: { id: 'item-1' } } }]])
  })

  it("send Enable Banking's consent with its Idempotency-Key, and ask for a country's banks", async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue({} as never)
    const get = vi.spyOn(client, 'GET').mockResolvedValue({ data: [] } as never)
    await startEnableBankingAuth({ body: { aspspName: 'Monzo', country: 'GB' }, idempotencyKey: 'k2' })
    await startEnableBankingAuth({ body: { itemId: 'item-eb' }, idempotencyKey: 'k3' })
    await getAspsps('GB')
    await getBankProviders()

    expect(post.mock.calls).toEqual([
      ['/api/enablebanking/auth', { body: { aspspName: 'Monzo', country: 'GB' }, idempotencyKey: 'k2' }],
      ['/api/enablebanking/auth', { body: { itemId: 'item-eb' }, idempotencyKey: 'k3' }],
    ])
    expect(get.mock.calls).toEqual([
      ['/api/enablebanking/aspsps', { params: { query: { country: 'GB' } } }],
      ['/api/bank/providers'],
    ])
  })
})
