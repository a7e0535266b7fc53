import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { makeAccount, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { DeleteTransactionDialog } from './delete-transaction-dialog'
import { TransactionDialog } from './transaction-dialog'
import { TransactionsDayList } from './transactions-day-list'
import { TransactionsTable } from './transactions-table'
import { TransferDialog } from './transfer-dialog'

const today = () => '2026-06-15'
const accounts = [
  makeAccount(),
  makeAccount({ _id: 'acc-save', name: 'Rainy Day', type: 'savings' }),
]

// The toaster is one store for the whole app: start every test without notices.
beforeEach(() => toaster.remove())

/** The success notices on screen (the toaster's status entries). */
const notices = () => screen.queryAllByTestId('success-notice')

async function openTransactionDialog(props: Partial<Parameters<typeof TransactionDialog>[0]> = {}) {
  server.use(...ledgerHandlers({ accounts }))
  const view = renderWithProviders(<TransactionDialog open onClose={vi.fn()} today={today} {...props} />)
  await screen.findByRole('option', { name: 'Rainy Day (Savings Account)' })
  return { ...view, dialog: screen.getByRole('dialog') }
}

describe('success notices', () => {
  it("says 'Transaction added successfully' once after a create, as a polite status", async () => {
    server.use(
      http.post(apiUrl('/transactions'), () =>
        HttpResponse.json({ success: true, data: makeTransaction({ _id: 'new' }) }, { status: 201 }),
      ),
    )
    const { user, dialog } = await openTransactionDialog()
    await user.type(within(dialog).getByLabelText('Amount'), '12.40')
    await user.type(within(dialog).getByLabelText('Description'), 'Lunch')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Rainy Day (Savings Account)')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    const notice = await screen.findByText('Transaction added successfully')
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull()
    expect(notices()).toHaveLength(1)
  })

  it("says 'Transaction updated successfully' after an edit", async () => {
    server.use(
      http.put(apiUrl('/transactions/:id'), () => HttpResponse.json({ success: true, data: makeTransaction() })),
    )
    const { user, dialog } = await openTransactionDialog({ transaction: makeTransaction({ amount: -84.37 }) })
    await user.clear(within(dialog).getByLabelText('Amount'))
    await user.type(within(dialog).getByLabelText('Amount'), '90.12')
    await user.click(within(dialog).getByRole('button', { name: 'Update Transaction' }))
    expect(await screen.findByText('Transaction updated successfully')).toBeInTheDocument()
  })

  it('shows no notice when the server refuses', async () => {
    server.use(
      http.post(apiUrl('/transactions'), () =>
        HttpResponse.json({ success: false, message: 'Account not found' }, { status: 404 }),
      ),
    )
    const { user, dialog } = await openTransactionDialog()
    await user.type(within(dialog).getByLabelText('Amount'), '1')
    await user.type(within(dialog).getByLabelText('Description'), 'x')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Travel')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Rainy Day (Savings Account)')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Account not found')).toBeInTheDocument()
    expect(notices()).toHaveLength(0)
    expect(screen.queryByText(/successfully/)).not.toBeInTheDocument()
  })

  it("says 'Transaction deleted successfully' after a delete, and nothing when it fails", async () => {
    let fail = true
    server.use(
      http.delete(apiUrl('/transactions/:id'), () =>
        fail
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ success: true, message: 'Transaction deleted successfully' }),
      ),
    )
    const { user } = renderWithProviders(
      <DeleteTransactionDialog transaction={makeTransaction()} onClose={vi.fn()} />,
    )
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transaction' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText('Failed to delete transaction')).toBeInTheDocument()
    expect(notices()).toHaveLength(0)

    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Transaction deleted successfully')).toBeInTheDocument()
    expect(notices()).toHaveLength(1)
  })

  it("says 'Transfer created successfully' after a transfer", async () => {
    server.use(
      ...ledgerHandlers({ accounts }),
      http.post(apiUrl('/transfers'), () =>
        HttpResponse.json({ success: true, data: { _id: 'tr-1' } }, { status: 201 }),
      ),
    )
    const { user } = renderWithProviders(<TransferDialog open onClose={vi.fn()} today={today} />)
    await screen.findAllByRole('option', { name: 'Rainy Day (Savings Account)' })
    const dialog = screen.getByRole('dialog', { name: 'Transfer Between Accounts' })
    await user.type(within(dialog).getByLabelText('Amount'), '50')
    await user.type(within(dialog).getByLabelText('Description'), 'Savings')
    await user.selectOptions(within(dialog).getByLabelText('From Account'), 'acc-current')
    await user.selectOptions(within(dialog).getByLabelText('To Account'), 'acc-save')
    await user.click(within(dialog).getByRole('button', { name: 'Create Transfer' }))
    expect(await screen.findByText('Transfer created successfully')).toBeInTheDocument()
  })
})

describe('dialog focus', () => {
  it('opens the transaction dialog with focus in Amount', async () => {
    const { dialog } = await openTransactionDialog()
    await waitFor(() => expect(within(dialog).getByLabelText('Amount')).toHaveFocus())
  })

  it('opens the transfer dialog with focus in Amount', async () => {
    server.use(...ledgerHandlers({ accounts }))
    renderWithProviders(<TransferDialog open onClose={vi.fn()} today={today} />)
    await screen.findAllByRole('option', { name: 'Rainy Day (Savings Account)' })
    const dialog = screen.getByRole('dialog', { name: 'Transfer Between Accounts' })
    await waitFor(() => expect(within(dialog).getByLabelText('Amount')).toHaveFocus())
  })

  it('opens the delete confirmation with focus on Cancel', async () => {
    renderWithProviders(<DeleteTransactionDialog transaction={makeTransaction()} onClose={vi.fn()} />)
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Transaction' })
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
  })
})

describe('declined rows', () => {
  const declined = makeTransaction({ _id: 'd', description: 'Refused coffee', status: 'declined' })
  const fine = makeTransaction({ _id: 'f', description: 'Paid coffee' })

  it('fade their text in the table but keep Edit and Delete at full contrast', () => {
    renderWithProviders(
      <TransactionsTable
        transactions={[declined, fine]}
        categoryIcons={new Map()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    )
    const [, declinedRow, fineRow] = screen.getAllByRole('row')
    const description = within(declinedRow).getByRole('link', { name: 'Refused coffee' })
    expect(description.closest('[data-dimmed]')).not.toBeNull()
    expect(within(declinedRow).getByText('-£12.50').closest('[data-dimmed]')).not.toBeNull()

    for (const name of ['Edit Refused coffee', 'Delete Refused coffee']) {
      const button = within(declinedRow).getByRole('button', { name })
      expect(button).toBeEnabled()
      expect(button.closest('[data-dimmed]')).toBeNull()
      // Nothing between the button and the row fades it.
      for (let el: HTMLElement | null = button; el && el !== declinedRow.parentElement; el = el.parentElement) {
        expect(getComputedStyle(el).opacity === '' || getComputedStyle(el).opacity === '1').toBe(true)
      }
    }
    expect(within(fineRow).queryAllByText(/./).some((el) => el.closest('[data-dimmed]'))).toBe(false)
  })

  it('fade their text in the phone list but not the Declined label', () => {
    renderWithProviders(
      <TransactionsDayList transactions={[declined]} categoryIcons={new Map()} now={() => new Date('2026-06-15')} />,
    )
    expect(screen.getByText('Refused coffee').closest('[data-dimmed]')).not.toBeNull()
    expect(screen.getByText('-£12.50').closest('[data-dimmed]')).not.toBeNull()
    expect(screen.getByText('Declined').closest('[data-dimmed]')).toBeNull()
  })
})
