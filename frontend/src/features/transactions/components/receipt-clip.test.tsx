import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { wideScreenMatchMedia } from '@/test/media'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'
import { HAS_RECEIPTS } from './receipt-clip'

const transactions = [
  makeTransaction({ _id: 'tx-1', description: 'Tesco', receiptCount: 2 }),
  makeTransaction({ _id: 'tx-2', description: 'Bus fare', receiptCount: 0 }),
]

afterEach(() => vi.restoreAllMocks())

// The list's first render loads its lazy chunks: slow on a busy machine.
describe('the paperclip in the transactions list', { timeout: 20_000 }, () => {
  it('marks the rows with receipts on a phone', async () => {
    server.use(...ledgerHandlers({ transactions }))
    renderApp('/transactions', { token: 'tok' })
    const [tesco, bus] = await screen.findAllByTestId('transaction-row')
    expect(within(tesco).getByRole('img', { name: HAS_RECEIPTS })).toHaveAttribute('title', '2 receipts')
    expect(within(bus).queryByRole('img', { name: HAS_RECEIPTS })).not.toBeInTheDocument()
  })

  it('marks the rows with receipts in the wide table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    server.use(...ledgerHandlers({ transactions }))
    renderApp('/transactions', { token: 'tok' })
    const tesco = (await screen.findByRole('link', { name: 'Tesco' })).closest('tr')!
    expect(within(tesco).getByRole('img', { name: HAS_RECEIPTS })).toBeInTheDocument()
    const bus = screen.getByRole('link', { name: 'Bus fare' }).closest('tr')!
    expect(within(bus).queryByRole('img', { name: HAS_RECEIPTS })).not.toBeInTheDocument()
  })
})
