import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeAccount, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { TransferDialog } from './transfer-dialog'

const accounts = [
  makeAccount(),
  makeAccount({ _id: 'acc-card', name: 'Travel Card', type: 'credit_card', creditLimit: 2000 }),
  makeAccount({ _id: 'acc-save', name: 'Rainy Day', type: 'savings' }),
]

async function openTransfer(onClose = vi.fn()) {
  server.use(...ledgerHandlers({ accounts }))
  const view = renderWithProviders(<TransferDialog open onClose={onClose} today={() => '2026-06-15'} />)
  await screen.findAllByRole('option', { name: 'Rainy Day (Savings Account)' })
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Transfer Between Accounts' }), onClose }
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

describe('TransferDialog', () => {
  it('shows the spec messages for an empty form', async () => {
    const { user, dialog } = await openTransfer()
    await user.click(within(dialog).getByRole('button', { name: 'Create Transfer' }))
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument()
    expect(within(dialog).getByText('From account is required')).toBeInTheDocument()
    expect(within(dialog).getByText('To account is required')).toBeInTheDocument()
  })

  it('leaves the source out of the to-list and clears a clashing choice', async () => {
    const { user, dialog } = await openTransfer()
    const from = within(dialog).getByLabelText('From Account')
    const to = within(dialog).getByLabelText('To Account')
    await user.selectOptions(to, 'Travel Card (Credit Card)')
    await user.selectOptions(from, 'Travel Card (Credit Card)')
    expect(options(to)).toEqual([
      'Select an account',
      'Everyday Current (Current Account)',
      'Rainy Day (Savings Account)',
    ])
    expect(to).toHaveValue('')
  })

  it('names an account whose name already says its type only once', async () => {
    server.use(
      ...ledgerHandlers({
        accounts: [
          makeAccount({ _id: 'acc-plain', name: 'Current Account', type: 'current' }),
          makeAccount({ _id: 'acc-save', name: 'Rainy Day', type: 'savings' }),
        ],
      }),
    )
    renderWithProviders(<TransferDialog open onClose={vi.fn()} today={() => '2026-06-15'} />)
    const from = await screen.findByLabelText('From Account')
    await within(from).findByRole('option', { name: 'Rainy Day (Savings Account)' })
    expect(options(from)).toEqual(['Select an account', 'Current Account', 'Rainy Day (Savings Account)'])
    expect(options(screen.getByLabelText('To Account'))).toContain('Current Account')
  })

  it('sends the amount as positive decimal text and closes', async () => {
    let body: unknown
    server.use(
      http.post(apiUrl('/transfers'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, data: {}, message: 'Transfer created successfully' }, { status: 201 })
      }),
    )
    const { user, dialog, onClose } = await openTransfer()
    await user.type(within(dialog).getByLabelText('Amount'), '300.5')
    await user.type(within(dialog).getByLabelText('Description'), 'Card repayment')
    await user.selectOptions(within(dialog).getByLabelText('From Account'), 'Everyday Current (Current Account)')
    await user.selectOptions(within(dialog).getByLabelText('To Account'), 'Travel Card (Credit Card)')
    expect(within(dialog).getByLabelText('Date')).toHaveValue('15/06/2026')
    await user.clear(within(dialog).getByLabelText('Date'))
    await user.type(within(dialog).getByLabelText('Date'), '01-06-2026')
    await user.click(within(dialog).getByRole('button', { name: 'Create Transfer' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(body).toEqual({
      amount: '300.50',
      description: 'Card repayment',
      fromAccountId: 'acc-current',
      toAccountId: 'acc-card',
      date: '2026-06-01',
      notes: '',
    })
  })

  it("keeps the form and shows 'Failed to create transfer' when the server fails without a message", async () => {
    server.use(http.post(apiUrl('/transfers'), () => new HttpResponse(null, { status: 500 })))
    const { user, dialog, onClose } = await openTransfer()
    await user.type(within(dialog).getByLabelText('Amount'), '10')
    await user.type(within(dialog).getByLabelText('Description'), 'Move')
    await user.selectOptions(within(dialog).getByLabelText('From Account'), 'Everyday Current (Current Account)')
    await user.selectOptions(within(dialog).getByLabelText('To Account'), 'Rainy Day (Savings Account)')
    await user.click(within(dialog).getByRole('button', { name: 'Create Transfer' }))
    expect(await within(dialog).findByText('Failed to create transfer')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('10')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('edits a whole transfer from its incoming leg: From is the other account, and the change goes to PUT', async () => {
    server.use(...ledgerHandlers({ accounts }))
    let put: { id: string; body: unknown } | null = null
    server.use(
      http.put(apiUrl('/transfers/:id'), async ({ params, request }) => {
        put = { id: params.id as string, body: await request.json() }
        return HttpResponse.json({ success: true, data: {}, message: 'Transfer updated successfully' })
      }),
    )
    const leg = makeTransaction({
      _id: 'tx-in',
      description: 'Rainy day',
      amount: 125.5,
      type: 'income',
      isTransfer: true,
      categoryId: null,
      date: '2026-06-02T00:00:00.000Z',
      notes: 'monthly',
      accountId: { _id: 'acc-save', name: 'Rainy Day', type: 'savings' },
      relatedTransferTransaction: { _id: 'tx-out', accountId: { _id: 'acc-current', name: 'Everyday Current', type: 'current' } },
    })
    const onClose = vi.fn()
    const { user } = renderWithProviders(<TransferDialog open onClose={onClose} transfer={leg} today={() => '2026-06-15'} />)
    const dialog = await screen.findByRole('dialog', { name: 'Edit Transfer' })
    await within(dialog).findAllByRole('option', { name: 'Rainy Day (Savings Account)' })
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('125.50')
    expect(within(dialog).getByLabelText('From Account')).toHaveValue('acc-current')
    expect(within(dialog).getByLabelText('To Account')).toHaveValue('acc-save')
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('monthly')
    await user.selectOptions(within(dialog).getByLabelText('To Account'), 'Travel Card (Credit Card)')
    await user.clear(within(dialog).getByLabelText('Amount'))
    await user.type(within(dialog).getByLabelText('Amount'), '200')
    await user.click(within(dialog).getByRole('button', { name: 'Update Transfer' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(put).toEqual({
      id: 'tx-in',
      body: {
        amount: '200.00',
        description: 'Rainy day',
        fromAccountId: 'acc-current',
        toAccountId: 'acc-card',
        date: '2026-06-02',
        notes: 'monthly',
      },
    })
  })
})
