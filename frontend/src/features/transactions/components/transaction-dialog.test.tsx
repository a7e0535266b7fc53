import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { formatUkDay } from '@/lib/calendar-day'
import { makeAccount, makeTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { TransactionDialog } from './transaction-dialog'

const today = () => '2026-06-15'
const accounts = [
  makeAccount(),
  makeAccount({ _id: 'acc-card', name: 'Travel Card', type: 'credit_card', creditLimit: 2000 }),
]

function optionNames(select: HTMLElement) {
  return within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)
}

async function openDialog(props: Partial<Parameters<typeof TransactionDialog>[0]> = {}) {
  server.use(...ledgerHandlers({ accounts }))
  const onClose = vi.fn()
  const onSaved = vi.fn()
  const view = renderWithProviders(
    <TransactionDialog open onClose={onClose} onSaved={onSaved} today={today} {...props} />,
  )
  // The form shows once the accounts and categories have arrived.
  await screen.findByRole('option', { name: 'Travel Card (Credit Card)' })
  const dialog = screen.getByRole('dialog')
  return { ...view, dialog, onClose, onSaved }
}

describe('TransactionDialog', () => {
  it('shows the spec messages for an empty form and a future date', async () => {
    const { user, dialog } = await openDialog()
    expect(within(dialog).getByLabelText('Date')).toHaveValue('15/06/2026')
    await user.clear(within(dialog).getByLabelText('Date'))
    await user.type(within(dialog).getByLabelText('Date'), '16/06/2026')
    await user.type(within(dialog).getByLabelText('Amount'), '-3')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    expect(await within(dialog).findByText('Amount must be positive')).toBeInTheDocument()
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Account is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Date cannot be in the future')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Amount'))
    await user.type(within(dialog).getByLabelText('Amount'), 'ten')
    await user.type(within(dialog).getByLabelText('Notes'), 'n'.repeat(201))
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Amount must be a number')).toBeInTheDocument()
    expect(within(dialog).getByText('Notes cannot exceed 200 characters')).toBeInTheDocument()
  })

  it("asks for a date as dd/mm/yyyy when the text is not one, and says 'Date is required' when empty", async () => {
    const { user, dialog } = await openDialog()
    const date = within(dialog).getByLabelText('Date')
    await user.clear(date)
    await user.type(date, '31/02/2026')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Enter a date as dd/mm/yyyy')).toBeInTheDocument()
    expect(date).toHaveValue('31/02/2026')

    await user.clear(date)
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Date is required')).toBeInTheDocument()
    expect(within(dialog).queryByText('Enter a date as dd/mm/yyyy')).not.toBeInTheDocument()
  })

  it('offers expense categories, and the income switch sets the type and clears the category', async () => {
    const { user, dialog } = await openDialog()
    const category = within(dialog).getByLabelText('Category')
    expect(within(dialog).getByRole('button', { name: 'Expense' })).toHaveAttribute('aria-pressed', 'true')
    expect(optionNames(category)).toEqual(['Select a category', 'Groceries', 'Travel', 'Hobby Stuff'])

    await user.selectOptions(category, 'Groceries')
    expect(category).toHaveValue('cat-groceries')

    await user.click(within(dialog).getByRole('button', { name: 'Income' }))
    expect(within(dialog).getByRole('button', { name: 'Income' })).toHaveAttribute('aria-pressed', 'true')
    expect(category).toHaveValue('')
    expect(optionNames(category)).toEqual(['Select a category', 'Salary', 'Other Income'])
    // The income list holds the income categories: a spending one (Hobby Stuff) is not offered.
  })

  it('creates an income with a positive decimal amount and closes', async () => {
    let body: unknown
    server.use(
      http.post(apiUrl('/transactions'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { success: true, data: makeTransaction({ _id: 'new' }), message: 'Transaction created successfully' },
          { status: 201 },
        )
      }),
    )
    const { user, dialog, onClose, onSaved } = await openDialog()
    await user.click(within(dialog).getByRole('button', { name: 'Income' }))
    await user.type(within(dialog).getByLabelText('Amount'), '2500.5')
    await user.type(within(dialog).getByLabelText('Description'), '  Monthly salary ')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Salary')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Everyday Current (Current Account)')
    // A British date, typed without leading zeros: sent as YYYY-MM-DD.
    await user.clear(within(dialog).getByLabelText('Date'))
    await user.type(within(dialog).getByLabelText('Date'), '3/6/2026')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ _id: 'new' }), 'create')
    expect(body).toEqual({
      amount: '2500.50',
      description: 'Monthly salary',
      type: 'income',
      categoryId: 'cat-salary',
      accountId: 'acc-current',
      date: '2026-06-03',
      notes: '',
      tagIds: [],
    })
  })

  it("keeps the input and shows the server's message when the server refuses", async () => {
    let release: () => void = () => {}
    server.use(
      http.post(apiUrl('/transactions'), async () => {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        return HttpResponse.json({ success: false, message: 'Account not found' }, { status: 404 })
      }),
    )
    const { user, dialog, onClose } = await openDialog()
    await user.type(within(dialog).getByLabelText('Amount'), '12.40')
    await user.type(within(dialog).getByLabelText('Description'), 'Lunch')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Travel Card (Credit Card)')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))

    expect(await within(dialog).findByText('Adding...')).toBeInTheDocument()
    release()
    expect(await within(dialog).findByText('Account not found')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('12.40')
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Lunch')
    expect(within(dialog).getByLabelText('Category')).toHaveValue('cat-groceries')
    expect(within(dialog).getByLabelText('Account')).toHaveValue('acc-card')

    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect(within(dialog).queryByText('Account not found')).not.toBeInTheDocument()
  })

  it("falls back to 'Failed to create transaction' without a server message", async () => {
    server.use(http.post(apiUrl('/transactions'), () => new HttpResponse(null, { status: 500 })))
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText('Amount'), '1')
    await user.type(within(dialog).getByLabelText('Description'), 'x')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Travel')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Travel Card (Credit Card)')
    await user.click(within(dialog).getByRole('button', { name: 'Add Transaction' }))
    expect(await within(dialog).findByText('Failed to create transaction')).toBeInTheDocument()
  })

  it('edits a transaction: filled in, sent with PUT, labelled Update', async () => {
    let body: unknown
    let path = ''
    server.use(
      http.put(apiUrl('/transactions/:id'), async ({ request, params }) => {
        path = params.id as string
        body = await request.json()
        return HttpResponse.json({ success: true, data: makeTransaction({ amount: -90.12 }) })
      }),
    )
    const transaction = makeTransaction({ amount: -84.37, notes: 'Big shop' })
    const { user, dialog, onSaved } = await openDialog({ transaction })
    expect(within(dialog).getByRole('heading', { name: 'Edit Transaction' })).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('84.37')
    expect(within(dialog).getByLabelText('Date')).toHaveValue(formatUkDay(transaction.date))
    expect(within(dialog).getByLabelText('Category')).toHaveValue('cat-groceries')
    expect(within(dialog).getByLabelText('Notes')).toHaveValue('Big shop')

    await user.clear(within(dialog).getByLabelText('Amount'))
    await user.type(within(dialog).getByLabelText('Amount'), '90.12')
    await user.click(within(dialog).getByRole('button', { name: 'Update Transaction' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.anything(), 'update'))
    expect(path).toBe('tx-1')
    expect(body).toMatchObject({ amount: '-90.12', type: 'expense', categoryId: 'cat-groceries' })
  })

  it("shows 'Failed to load form data' when the accounts cannot be loaded", async () => {
    server.use(
      http.get(apiUrl('/accounts'), () => new HttpResponse(null, { status: 500 })),
      ...ledgerHandlers(),
    )
    renderWithProviders(<TransactionDialog open onClose={() => {}} today={today} />)
    expect(await screen.findByText('Failed to load form data')).toBeInTheDocument()
  })
})
