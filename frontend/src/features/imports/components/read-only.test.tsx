import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeAccount } from '@/test/fixtures'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { ImportPage } from './import-page'
import { makePastImport, serveImports } from './test-handlers'

function serve() {
  const { state, handlers } = serveImports({ imports: [makePastImport()] })
  server.use(...handlers, ...ledgerHandlers({ accounts: [makeAccount()] }))
  return state
}

describe('ImportPage for a viewer', () => {
  it('takes no file and disables undoing a past import, saying why; the past imports still show', async () => {
    const state = serve()
    renderWithProviders(<ImportPage />, '/import?accountId=acc-current', { household: VIEWER })
    expect(await screen.findByText('january.ofx')).toBeInTheDocument()
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    expectReadOnly(screen.getByRole('button', { name: 'Choose file' }))
    expectReadOnly(screen.getByRole('button', { name: 'Undo import of january.ofx' }))

    // A file dropped on the zone goes nowhere.
    fireEvent.drop(screen.getByTestId('drop-zone'), {
      dataTransfer: { files: [new File(['a,b\n1,2\n'], 'monzo.csv', { type: 'text/csv' })] },
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(state.uploads).toEqual([])
  })

  it('leaves a member the upload and the undo', async () => {
    serve()
    renderWithProviders(<ImportPage />, '/import?accountId=acc-current', { household: MEMBER })
    expect(await screen.findByRole('button', { name: 'Undo import of january.ofx' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeEnabled()
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
  })
})
