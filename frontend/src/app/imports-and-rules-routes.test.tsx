import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { serveImports } from '@/features/imports/components/test-handlers'
import { serveRules } from '@/features/rules/components/test-handlers'
import type { Transaction } from '@/lib/api/types'
import { makeAccount, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { wideScreenMatchMedia } from '@/test/media'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { highlightMenuItem } from '@/test/menu'

afterEach(() => vi.restoreAllMocks())

const imported = makeTransaction({ _id: 'tx-imp', description: 'BEAN COUNTER  COFFEE', source: 'import' })
const manual = makeTransaction({ _id: 'tx-man', description: 'Weekly shop', source: 'manual' })

/** The ledger with `transactions`, and PUT /transactions/{id} answering the edit (category from the body). */
function serveLedger(transactions: Transaction[]) {
  server.use(
    http.put(apiUrl('/transactions/:id'), async ({ request, params }) => {
      const body = (await request.json()) as { categoryId: string }
      const before = transactions.find((t) => t._id === params.id)!
      const categoryId = { _id: body.categoryId, name: body.categoryId === 'cat-travel' ? 'Travel' : 'Groceries', color: '#03A9F4' }
      return HttpResponse.json({ success: true, data: { ...before, categoryId } })
    }),
    ...ledgerHandlers({ transactions }),
  )
}

async function recategorise(user: ReturnType<typeof renderApp>['user'], description: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${description}` }, { timeout: 10_000 }))
  const dialog = await screen.findByRole('dialog', { name: 'Edit Transaction' })
  await user.selectOptions(await within(dialog).findByLabelText('Category'), 'Travel')
  await user.click(within(dialog).getByRole('button', { name: 'Update Transaction' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Transaction' })).not.toBeInTheDocument())
}

describe('the make-a-rule offer on /transactions', () => {
  it('offers a rule after an imported transaction gets another category, and makes it', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    serveLedger([imported, manual])
    const rules = serveRules()
    server.use(...rules.handlers)
    const { user } = renderApp('/transactions', { token: 'tok' })
    await recategorise(user, 'BEAN COUNTER COFFEE')

    const offer = await screen.findByRole('alertdialog', { name: 'Make a rule?' })
    expect(offer).toHaveTextContent('Always categorise "BEAN COUNTER COFFEE" as Travel?')
    await user.click(within(offer).getByRole('button', { name: 'Create rule' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' })
    expect(within(dialog).getByLabelText('Text to match')).toHaveValue('BEAN COUNTER COFFEE')
    expect(within(dialog).getByLabelText('Match')).toHaveValue('contains')
    expect(within(dialog).getByLabelText('Category')).toHaveValue('cat-travel')
    await user.click(within(dialog).getByRole('button', { name: 'Create Rule' }))
    expect(await screen.findByText('Rule created successfully')).toBeInTheDocument()
    // The dialog closes before the test ends: a dialog torn down while open stays in the
    // dismissable-layer stack, which is global, and the next test's menus would sit beneath it.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Rule' })).not.toBeInTheDocument())
    expect(rules.state.sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/rules',
        body: expect.objectContaining({ pattern: 'BEAN COUNTER COFFEE', categoryId: 'cat-travel', matchType: 'contains' }),
      }),
    ])
  }, 20_000)

  it('offers nothing for a transaction entered by hand, and Not now closes the offer', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    serveLedger([imported, manual])
    const { user } = renderApp('/transactions', { token: 'tok' })
    await recategorise(user, 'Weekly shop')
    expect((await screen.findAllByText('Transaction updated successfully')).length).toBeGreaterThan(0)
    expect(screen.queryByRole('alertdialog', { name: 'Make a rule?' })).not.toBeInTheDocument()

    await recategorise(user, 'BEAN COUNTER COFFEE')
    const offer = await screen.findByRole('alertdialog', { name: 'Make a rule?' })
    await user.click(within(offer).getByRole('button', { name: 'Not now' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Make a rule?' })).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog', { name: 'Add Rule' })).not.toBeInTheDocument()
  }, 20_000)
})

describe('Import and Export on /transactions', () => {
  it('links Import to /import with the account filter, and exports the filtered list', async () => {
    serveLedger([manual])
    const urls: string[] = []
    server.use(
      http.get(apiUrl('/transactions/export.csv'), ({ request }) => {
        urls.push(request.url)
        return new HttpResponse('\uFEFFDate,Description,Amount,Type,Category,Account,Notes,Transfer\r\n', {
          headers: { 'Content-Type': 'text/csv' },
        })
      }),
    )
    const createObjectURL = vi.fn(() => 'blob:csv')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { user } = renderApp('/transactions?account=acc-current&type=expense&search=shop', { token: 'tok' })
    expect(await screen.findByRole('link', { name: 'Import statement' })).toHaveAttribute('href', '/import?accountId=acc-current')

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalledOnce())
    const query = new URL(urls[0]!).searchParams
    expect(Object.fromEntries(query)).toEqual({ includeTransfers: 'true', account: 'acc-current', type: 'expense', search: 'shop' })
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toMatch(/^myspending-transactions-\d{4}-\d{2}-\d{2}\.csv$/)
  })
})

describe('the import and settings routes', () => {
  it('opens /import from an account card, with that account chosen', { timeout: 30_000 }, async () => {
    server.use(...serveImports().handlers, ...ledgerHandlers({ accounts: [makeAccount(), makeAccount({ _id: 'acc-2', name: 'Joint' })] }))
    const { user, router } = renderApp('/accounts', { token: 'tok' })
    // /accounts, its account menu and /import are lazy chunks: under a full run's load the first
    // import of each takes seconds, as the rule-offer test above allows for.
    await user.click(await screen.findByRole('button', { name: 'Actions for Joint' }, { timeout: 10_000 }))
    // Chosen from the keyboard: after the rule dialog's checkbox (an earlier test in this file)
    // zag's menus ignore user-event's pointer in jsdom, though not in a browser (the journeys click).
    const item = await screen.findByRole('menuitem', { name: 'Import Statement' }, { timeout: 10_000 })
    await highlightMenuItem(user, item)
    await user.keyboard('{Enter}')
    expect(
      await screen.findByRole('heading', { name: 'Import statement', level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument()
    expect(router.state.location.search).toBe('?accountId=acc-2')
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('acc-2'))
  })

  it('shows the rules at /settings/rules', async () => {
    server.use(...serveRules().handlers, ...ledgerHandlers())
    renderApp('/settings/rules', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Categorisation rules', level: 1 })).toBeInTheDocument()
  })
})
