import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { serveBank } from '@/features/bank-linking/components/test-handlers'
import { makeConnection } from '@/features/bank-linking/lib/test-fixtures'
import { toaster } from '@/components/notify'
import { makeAccount } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { server } from '@/test/server'

const current = makeAccount({ _id: 'acc-demo-current', name: 'Everyday Current', initialBalance: 0, currentBalance: 1520.4 })

/** /accounts as Enable Banking's callback leaves the browser there, with the new connection listed. */
function arriveAt(path: string) {
  const linked = makeConnection({ itemId: 'item-9', institutionName: 'Monzo', provider: 'enablebanking' })
  // The first handler that matches answers: the bank's before the ledger's empty GET /plaid/items.
  server.use(...serveBank({ connections: [linked], enableBanking: true }).handlers, ...ledgerHandlers({ accounts: [current] }))
  return renderApp(path, { token: 'tok' })
}

beforeEach(() => toaster.remove())

describe("Enable Banking's return to /accounts", () => {
  it('says the bank is connected and why some accounts were left out, then drops the parameters (replacing the entry)', async () => {
    const { router } = arriveAt('/accounts?linked=item-9&skipped=2')
    await waitFor(() => expect(screen.getByTestId('success-notice')).toHaveTextContent('Bank account connected'))
    expect(await screen.findByText("2 of the bank's accounts were not linked. The bank's entry below says why.")).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/accounts')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByRole('region', { name: 'Linked banks' })).toHaveTextContent('Monzo')
  })

  it('says why nothing was linked when the bank refused', async () => {
    const { router } = arriveAt('/accounts?bankError=denied')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The bank connection was cancelled at your bank. Nothing was linked.',
    )
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByTestId('success-notice')).not.toBeInTheDocument()
  })
})
