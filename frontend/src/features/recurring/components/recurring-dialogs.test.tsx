import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeTemplate, makeTransferTemplate } from '../lib/test-fixtures'
import { RecurringTransactionDialog } from './recurring-transaction-dialog'
import { RecurringTransferDialog } from './recurring-transfer-dialog'
import { serveRecurring } from './test-handlers'

const TODAY = '2026-07-10'
const today = () => TODAY

function serve() {
  const { state, handlers } = serveRecurring()
  server.use(...handlers)
  return state
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

beforeEach(() => toaster.remove())

async function openTransaction(template: Parameters<typeof RecurringTransactionDialog>[0]['template'] = null) {
  const state = serve()
  const onClose = vi.fn()
  const view = renderWithProviders(
    <RecurringTransactionDialog open onClose={onClose} template={template} today={today} />,
  )
  const name = template ? 'Edit Recurring Transaction' : 'Add Recurring Transaction'
  const dialog = await screen.findByRole('dialog', { name })
  await within(dialog).findByLabelText('Category')
  return { ...view, state, dialog, onClose }
}

async function openTransfer(template: Parameters<typeof RecurringTransferDialog>[0]['template'] = null) {
  const state = serve()
  const onClose = vi.fn()
  const view = renderWithProviders(<RecurringTransferDialog open onClose={onClose} template={template} today={today} />)
  const name = template ? 'Edit Recurring Transfer' : 'Add Recurring Transfer'
  const dialog = await screen.findByRole('dialog', { name })
  await within(dialog).findByLabelText('From Account')
  return { ...view, state, dialog, onClose }
}

describe('RecurringTransactionDialog', () => {
  it("shows the spec's messages for an empty form", async () => {
    const { user, dialog } = await openTransaction()
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Amount must be a number')).toBeInTheDocument()
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Category is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Account is required')).toBeInTheDocument()
  })

  it('checks the amount, description and notes limits and a start date in the past', async () => {
    const { user, dialog } = await openTransaction()
    await user.type(within(dialog).getByLabelText('Amount'), '1000000')
    await user.type(within(dialog).getByLabelText('Description'), 'N')
    await user.click(within(dialog).getByLabelText('Notes'))
    await user.paste('n'.repeat(501))
    const start = within(dialog).getByLabelText('Start Date')
    await user.clear(start)
    await user.type(start, '09/07/2026')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Amount cannot exceed £999,999.99')).toBeInTheDocument()
    expect(within(dialog).getByText('Description must be at least 2 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Notes cannot exceed 500 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Start date cannot be in the past')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Amount'))
    await user.type(within(dialog).getByLabelText('Amount'), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Amount must be at least £0.01')).toBeInTheDocument()
  })

  it('filters the categories by the type toggle', async () => {
    const { user, dialog } = await openTransaction()
    const category = within(dialog).getByLabelText('Category')
    // defaultCategories: Groceries, Travel, Salary, Other Income, Hobby Stuff.
    expect(options(category)).toEqual(['Select a category', 'Groceries', 'Travel', 'Hobby Stuff'])
    expect(within(dialog).getByRole('button', { name: 'Expense' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Income' }))
    expect(options(category)).toEqual(['Select a category', 'Salary', 'Other Income'])
    // The income list holds the income categories: a spending one (Hobby Stuff) is not offered.
  })

  it('creates a template with a positive amount and the start date, then closes', async () => {
    const { user, dialog, state, onClose } = await openTransaction()
    await user.click(within(dialog).getByRole('button', { name: 'Income' }))
    await user.type(within(dialog).getByLabelText('Amount'), '2500')
    await user.type(within(dialog).getByLabelText('Description'), '  Salary ')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Salary')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Everyday Current (Current Account)')
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'Weekly')
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue('10/07/2026')
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/api/recurring-transactions',
        body: {
          amount: '2500.00',
          description: 'Salary',
          type: 'income',
          categoryId: 'cat-salary',
          accountId: 'acc-current',
          frequency: 'weekly',
          startDate: TODAY,
          notes: '',
        },
      },
    ])
    expect(await screen.findByText('Recurring transaction created successfully')).toBeInTheDocument()
  })

  it("keeps the form open with the spec's fallback when creating fails", async () => {
    const { user, dialog, onClose } = await openTransaction()
    server.use(http.post(apiUrl('/recurring-transactions'), () => HttpResponse.json({}, { status: 500 })))
    await user.type(within(dialog).getByLabelText('Amount'), '12.99')
    await user.type(within(dialog).getByLabelText('Description'), 'Netflix')
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.selectOptions(within(dialog).getByLabelText('Account'), 'Everyday Current (Current Account)')
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Failed to create recurring transaction')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('edits with the start date locked and sends the next due date', async () => {
    const template = makeTemplate({
      categoryId: { _id: 'cat-groceries', name: 'Groceries', color: '#4CAF50', icon: 'shopping-cart' },
      startDate: '2026-01-15',
      nextDue: '2026-07-15',
      notes: 'Family plan',
    })
    const { user, dialog, state } = await openTransaction(template)
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('12.99')
    expect(within(dialog).getByLabelText('Category')).toHaveValue('cat-groceries')
    const start = within(dialog).getByLabelText('Start Date')
    expect(start).toHaveValue('15/01/2026')
    expect(start).toBeDisabled()
    const nextDue = within(dialog).getByLabelText('Next Due Date')
    expect(nextDue).toHaveValue('15/07/2026')

    await user.clear(nextDue)
    await user.type(nextDue, '01/07/2026')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }))
    expect(await within(dialog).findByText('Next due date cannot be in the past')).toBeInTheDocument()

    await user.clear(nextDue)
    await user.type(nextDue, '20/07/2026')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toEqual({
      method: 'PUT',
      path: '/api/recurring-transactions/rt-netflix',
      body: {
        amount: '12.99',
        description: 'Netflix',
        type: 'expense',
        categoryId: 'cat-groceries',
        accountId: 'acc-current',
        frequency: 'monthly',
        nextDue: '2026-07-20',
        notes: 'Family plan',
      },
    })
  })

  it("shows the spec's fallback when updating fails", async () => {
    const { user, dialog } = await openTransaction(makeTemplate({ nextDue: '2026-07-15' }))
    server.use(http.put(apiUrl('/recurring-transactions/:id'), () => HttpResponse.json({}, { status: 500 })))
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries')
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }))
    expect(await within(dialog).findByText('Failed to update recurring transaction')).toBeInTheDocument()
  })
})

describe('RecurringTransferDialog', () => {
  it("shows the spec's messages for an empty form", async () => {
    const { user, dialog } = await openTransfer()
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Amount must be a number')).toBeInTheDocument()
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument()
    expect(within(dialog).getByText('From account is required')).toBeInTheDocument()
    expect(within(dialog).getByText('To account is required')).toBeInTheDocument()
  })

  it('leaves the source out of the destination list', async () => {
    const { user, dialog } = await openTransfer()
    const from = within(dialog).getByLabelText('From Account')
    const to = within(dialog).getByLabelText('To Account')
    await user.selectOptions(to, 'Rainy Day (Savings Account)')
    await user.selectOptions(from, 'Rainy Day (Savings Account)')
    expect(options(to)).toEqual(['Select an account', 'Everyday Current (Current Account)', 'Travel Card (Credit Card)'])
    expect(to).toHaveValue('')
  })

  it("creates a transfer with type 'transfer', a one-letter description and a positive amount", async () => {
    const { user, dialog, state, onClose } = await openTransfer()
    await user.selectOptions(within(dialog).getByLabelText('From Account'), 'Everyday Current (Current Account)')
    await user.selectOptions(within(dialog).getByLabelText('To Account'), 'Rainy Day (Savings Account)')
    await user.type(within(dialog).getByLabelText('Amount'), '200')
    await user.type(within(dialog).getByLabelText('Description'), 'S')
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'Yearly')
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/api/recurring-transfers',
        body: {
          type: 'transfer',
          fromAccountId: 'acc-current',
          toAccountId: 'acc-savings',
          amount: '200.00',
          description: 'S',
          frequency: 'yearly',
          startDate: TODAY,
          notes: '',
        },
      },
    ])
    expect(await screen.findByText('Recurring transfer created successfully')).toBeInTheDocument()
  })

  it('refuses a start date in the past', async () => {
    const { user, dialog } = await openTransfer()
    const start = within(dialog).getByLabelText('Start Date')
    await user.clear(start)
    await user.type(start, '01/01/2026')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Start date cannot be in the past')).toBeInTheDocument()
  })

  it("shows the spec's fallbacks when saving fails", async () => {
    const { user, dialog } = await openTransfer()
    server.use(http.post(apiUrl('/recurring-transfers'), () => HttpResponse.json({}, { status: 500 })))
    await user.selectOptions(within(dialog).getByLabelText('From Account'), 'Everyday Current (Current Account)')
    await user.selectOptions(within(dialog).getByLabelText('To Account'), 'Rainy Day (Savings Account)')
    await user.type(within(dialog).getByLabelText('Amount'), '200')
    await user.type(within(dialog).getByLabelText('Description'), 'Savings')
    await user.click(within(dialog).getByRole('button', { name: 'Create Template' }))
    expect(await within(dialog).findByText('Failed to create recurring transfer')).toBeInTheDocument()
  })

  it('edits a transfer: prefilled, the start date locked, the next due date sent', async () => {
    const { user, dialog, state } = await openTransfer(makeTransferTemplate({ nextDue: '2026-07-31' }))
    expect(within(dialog).getByLabelText('From Account')).toHaveValue('acc-current')
    expect(within(dialog).getByLabelText('To Account')).toHaveValue('acc-savings')
    expect(within(dialog).getByLabelText('Start Date')).toBeDisabled()
    await user.clear(within(dialog).getByLabelText('Amount'))
    await user.type(within(dialog).getByLabelText('Amount'), '250')
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/recurring-transfers/rt-savings',
      body: { type: 'transfer', amount: '250.00', nextDue: '2026-07-31', fromAccountId: 'acc-current' },
    })
  })

  it("shows the spec's fallback when updating fails", async () => {
    const { user, dialog } = await openTransfer(makeTransferTemplate({ nextDue: '2026-07-31' }))
    server.use(http.put(apiUrl('/recurring-transfers/:id'), () => HttpResponse.json({}, { status: 500 })))
    await user.click(within(dialog).getByRole('button', { name: 'Update Template' }))
    expect(await within(dialog).findByText('Failed to update recurring transfer')).toBeInTheDocument()
  })
})
