import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { Receipt } from '../api/get-receipts'
import { NOT_A_RECEIPT, RECEIPT_TOO_BIG } from '../lib/receipts'

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    _id: 'rc-1',
    contentType: 'image/jpeg',
    size: 48_213,
    createdAt: '2026-06-15T10:00:00.000Z',
    url: '/api/receipts/rc-1/content?variant=full&expires=1&signature=a',
    thumbnailUrl: '/api/receipts/rc-1/content?variant=thumb&expires=1&signature=b',
    ...overrides,
  }
}

const pdf = receipt({
  _id: 'rc-2',
  contentType: 'application/pdf',
  size: 3_250_586,
  url: '/api/receipts/rc-2/content?variant=full&expires=1&signature=c',
  thumbnailUrl: null,
})

/** Serves the transaction and its receipts (a list the handlers change as the tests write). */
function serve(initial: Receipt[]) {
  const state = { receipts: [...initial], uploads: [] as { field: string | null; name: string; key: string | null }[] }
  server.use(
    http.get(apiUrl('/transactions/:id'), () => HttpResponse.json({ success: true, data: makeTransaction() })),
    http.get(apiUrl('/transactions/:id/receipts'), () => HttpResponse.json({ success: true, data: state.receipts })),
    http.post(apiUrl('/transactions/:id/receipts'), async ({ request }) => {
      const form = await request.formData()
      // A file, not a text field (File of another realm: no instanceof).
      const file = form.get('file')
      const name = file !== null && typeof file !== 'string' ? file.name : ''
      state.uploads.push({ field: name ? 'file' : null, name, key: request.headers.get('Idempotency-Key') })
      if (name.endsWith('.exe')) {
        return HttpResponse.json({ success: false, code: 'validation', message: NOT_A_RECEIPT }, { status: 400 })
      }
      const made = receipt({ _id: `rc-new-${state.uploads.length}` })
      state.receipts = [made, ...state.receipts]
      return HttpResponse.json({ success: true, data: made }, { status: 201 })
    }),
    http.delete(apiUrl('/receipts/:id'), ({ params }) => {
      state.receipts = state.receipts.filter((r) => r._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Receipt deleted successfully' })
    }),
    ...ledgerHandlers(),
  )
  return state
}

async function section() {
  return within(await screen.findByRole('region', { name: 'Receipts' }))
}

// The page's first render loads its lazy chunks: slow on a busy machine.
describe('receipts on the transaction detail page', { timeout: 20_000 }, () => {
  it('shows photo thumbnails that open the receipt and PDFs as a file with their size', async () => {
    serve([receipt(), pdf])
    renderApp('/transactions/tx-1', { token: 'tok' })
    const receipts = await section()
    const photo = await receipts.findByRole('link', { name: /Open Receipt 2 \(photo, added 15\/06\/2026\)/ })
    expect(photo).toHaveAttribute('href', receipt().url)
    expect(photo).toHaveAttribute('target', '_blank')
    expect(photo.querySelector('img')).toHaveAttribute('src', receipt().thumbnailUrl)
    const file = receipts.getByRole('link', { name: /Open Receipt 1 \(PDF/ })
    expect(file).toHaveAttribute('href', pdf.url)
    expect(within(file).getByText('PDF · 3.1 MB')).toBeInTheDocument()
  })

  it('says when there are none, and attaches a chosen file with a key for its retries', async () => {
    const state = serve([])
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    const receipts = await section()
    expect(await receipts.findByText(/No receipts yet/)).toBeInTheDocument()
    const input = screen.getByTestId('receipt-file-input')
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf')
    expect(screen.getByLabelText('Take a photo of a receipt')).toHaveAttribute('capture', 'environment')
    await user.upload(input, new File(['jpeg'], 'till.jpg', { type: 'image/jpeg' }))
    expect(await receipts.findByRole('link', { name: /Open Receipt 1 \(photo/ })).toBeInTheDocument()
    expect(state.uploads).toEqual([{ field: 'file', name: 'till.jpg', key: expect.stringMatching(/^[0-9a-f]{32}$/) }])
  })

  it("says in words why a file was refused, before sending and after", async () => {
    const state = serve([])
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    await section()
    const input = screen.getByTestId('receipt-file-input')
    const big = new File(['x'], 'scan.pdf', { type: 'application/pdf' })
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await user.upload(input, big)
    expect(await screen.findByText(RECEIPT_TOO_BIG)).toBeInTheDocument()
    expect(state.uploads).toHaveLength(0)
    // Declared as a photo, refused by the server on its content.
    await user.upload(input, new File(['MZ'], 'receipt.exe', { type: 'image/jpeg' }))
    expect(await screen.findByText(NOT_A_RECEIPT)).toBeInTheDocument()
  })

  it('deletes a receipt after a confirmation', async () => {
    const state = serve([receipt(), pdf])
    const { user } = renderApp('/transactions/tx-1', { token: 'tok' })
    const receipts = await section()
    await user.click(await receipts.findByRole('button', { name: 'Delete Receipt 1' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Are you sure you want to delete this receipt?')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(receipts.queryByRole('link', { name: /Open Receipt 2/ })).not.toBeInTheDocument())
    expect(state.receipts.map((r) => r._id)).toEqual(['rc-1'])
  })

  it('says so when the receipts cannot be loaded', async () => {
    serve([])
    server.use(
      http.get(apiUrl('/transactions/:id/receipts'), () =>
        HttpResponse.json({ success: false, message: 'Transaction not found' }, { status: 404 }),
      ),
    )
    renderApp('/transactions/tx-1', { token: 'tok' })
    const receipts = await section()
    expect(await receipts.findByText('Transaction not found')).toBeInTheDocument()
  })
})
