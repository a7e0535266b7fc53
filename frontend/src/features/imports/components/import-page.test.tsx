import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { makeAccount } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { wideScreenMatchMedia } from '@/test/media'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { ImportPage } from './import-page'
import { makePastImport, makePreview, makeRow, serveImports } from './test-handlers'

const savings = makeAccount({ _id: 'acc-savings', name: 'Rainy Day', type: 'savings' })

function serve(...args: Parameters<typeof serveImports>) {
  const { state, handlers } = serveImports(...args)
  server.use(...handlers, ...ledgerHandlers({ accounts: [makeAccount(), savings] }))
  return state
}

function renderPage(path = '/import?accountId=acc-current') {
  return renderWithProviders(<ImportPage />, path)
}

/** Drops a file on the zone (the picker's input takes the same path). */
function dropFile(name = 'monzo.csv', content = 'a,b\n1,2\n', size?: number) {
  const file = new File([content], name, { type: 'text/csv' })
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size })
  fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } })
  return file
}

beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe('ImportPage', () => {
  it('preselects the account of the address and uploads a chosen file against it', async () => {
    const state = serve()
    const { user } = renderPage()
    expect(screen.getByRole('heading', { name: 'Import statement', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('acc-current'))
    expect(screen.getByRole('link', { name: /Categorisation rules/ })).toHaveAttribute('href', '/settings/rules')

    const file = new File(['x'], 'monzo.csv', { type: 'text/csv' })
    await user.upload(screen.getByLabelText('Statement file'), file)
    expect(await screen.findByRole('heading', { name: 'monzo.csv', level: 2 })).toBeInTheDocument()
    expect(state.uploads).toEqual([{ fileName: expect.any(String), accountId: 'acc-current' }])
    expect(screen.getByTestId('preset')).toHaveTextContent('Monzo CSV')
    expect(screen.getByTestId('preview-counts')).toHaveTextContent('2 new, 1 already there')
  })

  it.each([
    [400, 'Unrecognised file format'],
    [400, 'A statement can have at most 100,000 rows'],
    [413, 'A statement must be 10 MB or smaller'],
    [404, 'Account not found'],
  ])('shows the upload refusal %i "%s"', async (status, message) => {
    serve()
    server.use(http.post(apiUrl('/imports'), () => HttpResponse.json({ success: false, message }, { status })))
    renderPage()
    await waitFor(() => expect(screen.getByLabelText('Account')).toHaveValue('acc-current'))
    dropFile()
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument()
  })

  it('refuses a file over 10 MB before uploading it', async () => {
    const state = serve()
    renderPage()
    dropFile('huge.csv', 'x', 10 * 1024 * 1024 + 1)
    expect(await screen.findByText('A statement must be 10 MB or smaller')).toBeInTheDocument()
    expect(state.uploads).toEqual([])
  })

  it('shows every row with duplicates greyed and marked, and the unreadable lines', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    serve({
      preview: makePreview({
        errors: [
          { line: 14, message: "Invalid date '31/02/2027'" },
          { line: 20, message: "Invalid amount 'abc'" },
        ],
      }),
    })
    renderPage()
    dropFile()
    const table = await screen.findByRole('table', { name: 'Statement rows' })
    const rows = within(table).getAllByTestId('preview-row')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('10/01/2027')
    expect(rows[0]).toHaveTextContent('Bean Counter Coffee')
    expect(rows[0]).toHaveTextContent('Eating Out')
    expect(rows[0]).toHaveTextContent('-£3.20')
    expect(rows[0]).not.toHaveAttribute('data-duplicate')
    expect(rows[1]).toHaveAttribute('data-duplicate')
    expect(within(rows[1]!).getByText('Already there')).toBeInTheDocument()
    expect(rows[2]).toHaveTextContent('+£1,200.00')

    expect(screen.getByText('2 rows could not be read and will be left out')).toBeInTheDocument()
    const errors = screen.getByRole('list', { name: 'Rows that could not be read' })
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Line 14: Invalid date '31/02/2027'",
      "Line 20: Invalid amount 'abc'",
    ])
    expect(screen.getByRole('button', { name: 'Import 2 transactions' })).toBeEnabled()
  })

  it('lists every row of a statement in another currency as an error and offers nothing to import', async () => {
    const usd = 'This statement is in USD; MySpending records pounds sterling only'
    serve({
      preview: makePreview({
        fileName: 'checking.ofx',
        format: 'ofx',
        preset: 'ofx',
        columns: [],
        mapping: null,
        rows: [],
        errors: [39, 46, 54].map((line) => ({ line, message: usd })),
      }),
    })
    renderPage()
    dropFile('checking.ofx')
    expect(await screen.findByText('3 rows could not be read and will be left out')).toBeInTheDocument()
    const errors = screen.getByRole('list', { name: 'Rows that could not be read' })
    expect(within(errors).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Line 39: ${usd}`,
      `Line 46: ${usd}`,
      `Line 54: ${usd}`,
    ])
    expect(screen.getByText('No rows could be read from this file.')).toBeInTheDocument()
    expect(screen.getByText('Nothing to import: no row could be read.')).toBeInTheDocument()
    expect(screen.queryByText('Nothing new: every row is already there.')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled()
  })

  it('names a midata statement', async () => {
    serve({ preview: makePreview({ fileName: 'midata.csv', preset: 'midata' }) })
    renderPage()
    dropFile('midata.csv')
    expect(await screen.findByTestId('preset')).toHaveTextContent('midata CSV')
  })

  it('shows rows as cards on a phone, at most 500 of them and how many more', async () => {
    const rows = Array.from({ length: 620 }, (_, i) => makeRow({ line: i + 2, description: `Row ${i + 1}` }))
    serve({ preview: makePreview({ rows }) })
    renderPage()
    dropFile()
    const list = await screen.findByRole('list', { name: 'Statement rows' })
    expect(within(list).getAllByTestId('preview-row')).toHaveLength(500)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByTestId('more-rows')).toHaveTextContent('and 120 more')
    expect(screen.getByRole('button', { name: 'Import 620 transactions' })).toBeInTheDocument()
  })

  it('opens the column dialog for an unknown layout and reads the file again with the choice', async () => {
    const generic = makePreview({
      preset: 'generic',
      needsMapping: true,
      columns: ['When', 'What', 'In', 'Out', 'Memo'],
      mapping: { date: 'When', description: 'What', amount: null, negate: false },
      rows: [],
    })
    const state = serve({ preview: generic })
    const { user } = renderPage()
    dropFile('bank.csv')
    const dialog = await screen.findByRole('dialog', { name: 'Choose columns' })
    expect(within(dialog).getByLabelText('Date')).toHaveValue('When')

    // Nothing chosen for the amount: the form says so before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(await within(dialog).findByText('Choose an amount column, or paid in and paid out columns')).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('Amounts are in'), 'split')
    await user.selectOptions(within(dialog).getByLabelText('Paid in'), 'In')
    await user.selectOptions(within(dialog).getByLabelText('Paid out'), 'Out')
    await user.selectOptions(within(dialog).getByLabelText('Notes (optional)'), 'Memo')
    await user.selectOptions(within(dialog).getByLabelText('Date format'), 'dd-MMM-yyyy')
    state.preview = makePreview({ fileName: 'bank.csv', preset: 'generic', columns: generic.columns })
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose columns' })).not.toBeInTheDocument())
    expect(state.sent[0]).toMatchObject({
      path: '/api/imports/imp-1/preview',
      body: {
        accountId: 'acc-current',
        dateFormat: 'dd-MMM-yyyy',
        mapping: { date: 'When', description: 'What', amount: null, paidIn: 'In', paidOut: 'Out', notes: 'Memo', category: null, dateFormat: 'dd-MMM-yyyy' },
      },
    })
    expect(screen.getByTestId('preview-counts')).toHaveTextContent('2 new, 1 already there')

    // The confirmed mapping goes with the commit too.
    await user.click(screen.getByRole('button', { name: 'Import 2 transactions' }))
    await screen.findByTestId('import-result')
    expect(state.sent[1]).toMatchObject({
      path: '/api/imports/imp-1/commit',
      body: { accountId: 'acc-current', mapping: { paidIn: 'In', paidOut: 'Out' } },
    })
  })

  it("shows the server's refusal of a mapping in the dialog", async () => {
    serve({ preview: makePreview({ needsMapping: true, preset: 'generic' }) })
    server.use(
      http.post(apiUrl('/imports/:id/preview'), () =>
        HttpResponse.json({ success: false, message: "Column 'X' is not in the file" }, { status: 400 }),
      ),
    )
    const { user } = renderPage()
    dropFile()
    const dialog = await screen.findByRole('dialog', { name: 'Choose columns' })
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(await within(dialog).findByText("Column 'X' is not in the file")).toBeInTheDocument()
  })

  it('reads the file again when the account changes, counting duplicates against it', async () => {
    const state = serve()
    const { user, router } = renderPage()
    dropFile()
    await screen.findByTestId('preview-counts')
    state.preview = makePreview({ rows: [makeRow({ duplicate: true })] })
    await user.selectOptions(screen.getByLabelText('Account'), 'acc-savings')
    await waitFor(() => expect(screen.getByTestId('preview-counts')).toHaveTextContent('0 new, 1 already there'))
    expect(state.sent[0]).toMatchObject({ path: '/api/imports/imp-1/preview', body: { accountId: 'acc-savings' } })
    expect(router.state.location.search).toBe('?accountId=acc-savings')
    expect(screen.getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled()
  })

  it('commits with an idempotency key, shows the result, and undoes it', async () => {
    const state = serve()
    const { user, queryClient } = renderPage()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    dropFile()
    await user.click(await screen.findByRole('button', { name: 'Import 2 transactions' }))
    expect(await screen.findByTestId('import-result')).toHaveTextContent('2 added, 1 already there')
    expect(state.sent[0]).toMatchObject({ method: 'POST', path: '/api/imports/imp-1/commit', body: { accountId: 'acc-current' } })
    expect(state.sent[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/)
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey))
    expect(keys).toEqual(expect.arrayContaining(['["transactions"]', '["accounts"]', '["imports"]']))
    expect(screen.getByRole('link', { name: 'View transactions' })).toHaveAttribute('href', '/transactions?account=acc-current')
    // The new import is listed below.
    expect(await screen.findByTestId('past-import')).toHaveTextContent('2 added, 1 already there')

    await user.click(screen.getByRole('button', { name: 'Undo' }))
    expect(await screen.findByText('Import undone')).toBeInTheDocument()
    expect(state.sent[1]).toMatchObject({ method: 'DELETE', path: '/api/imports/imp-1' })
    expect(screen.getByRole('button', { name: 'Choose file' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('past-import')).not.toBeInTheDocument())
  })

  it('shows a progress bar while committing and the refusal after', async () => {
    serve()
    let answer: (r: Response) => void = () => {}
    server.use(
      http.post(apiUrl('/imports/:id/commit'), () => new Promise<Response>((resolve) => (answer = resolve))),
    )
    const { user } = renderPage()
    dropFile()
    await user.click(await screen.findByRole('button', { name: 'Import 2 transactions' }))
    expect(await screen.findByRole('progressbar', { name: 'Importing' })).toBeInTheDocument()
    answer(HttpResponse.json({ success: false, message: 'Account is required' }, { status: 400 }))
    expect(await screen.findByText('Account is required')).toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })

  it('lists past imports and undoes one after confirmation', async () => {
    const state = serve({ imports: [makePastImport(), makePastImport({ importId: 'imp-2', fileName: 'february.qif', format: 'qif', preset: 'qif', accountId: 'acc-savings' })] })
    const { user } = renderPage()
    const items = await screen.findAllByTestId('past-import')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('january.ofx')
    expect(items[0]).toHaveTextContent('OFX · Everyday Current · 20/11/2026 10:15')
    expect(items[0]).toHaveTextContent('12 added, 3 already there')
    expect(items[1]).toHaveTextContent('QIF · Rainy Day')

    await user.click(screen.getByRole('button', { name: 'Undo import of january.ofx' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Undo import' })
    expect(confirm).toHaveTextContent('Remove the 12 transactions that "january.ofx" added?')
    await user.click(within(confirm).getByRole('button', { name: 'Undo import' }))
    expect(await screen.findByText('Import undone')).toBeInTheDocument()
    expect(state.sent).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/imports/imp-old' })])
    await waitFor(() => expect(screen.getAllByTestId('past-import')).toHaveLength(1))
  })
})
