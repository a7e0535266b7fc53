import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { addDays } from '@/lib/calendar-day'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeMonthSummary, makeSummaryItem, makeTemplate, makeTransferTemplate } from '../lib/test-fixtures'
import { RecurringPage } from './recurring-page'
import { serveRecurring, wideScreenMatchMedia } from './test-handlers'
import { highlightMenuItem } from '@/test/menu'

const TODAY = '2026-07-10'
const today = () => TODAY

const netflix = makeTemplate({ nextDue: addDays(TODAY, 5) })
const rent = makeTemplate({
  _id: 'rt-rent',
  description: 'Rent',
  amount: -950,
  categoryId: { _id: 'cat-rent', name: 'Rent & Mortgage', color: '#795548', icon: 'home' },
  nextDue: addDays(TODAY, -2),
})
const salary = makeTemplate({
  _id: 'rt-salary',
  description: 'Salary',
  amount: 2500,
  type: 'income',
  categoryId: { _id: 'cat-salary', name: 'Salary', color: '#009688', icon: 'briefcase' },
  nextDue: addDays(TODAY, 20),
})
const savings = makeTransferTemplate({ nextDue: addDays(TODAY, 1) })
const gym = makeTemplate({ _id: 'rt-gym', description: 'Gym', amount: -30, isActive: false, nextDue: addDays(TODAY, -9) })

const july = makeMonthSummary({
  summary: { totalAmount: 1, paidAmount: 1, remainingAmount: 1, totalCount: 1, paidCount: 1, upcomingCount: 1 },
  paidItems: [
    makeSummaryItem({ id: 'rt-salary', description: 'Salary', amount: 2500, type: 'income', timeText: 'Paid 1 Jul' }),
    makeSummaryItem({ id: 'rt-rent', description: 'Rent', amount: -950, timeText: 'Paid 3 Jul' }),
  ],
  upcomingItems: [
    makeSummaryItem({ timeText: 'Due in 5 days' }),
    makeSummaryItem({ id: 'rt-savings', description: 'Monthly savings', amount: 200, type: 'transfer', category: null, timeText: 'Due tomorrow' }),
  ],
})

function serve(...args: Parameters<typeof serveRecurring>) {
  const { state, handlers } = serveRecurring(...args)
  server.use(...handlers)
  return state
}

function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
}

function renderPage(canFinaliseMonth = false) {
  return renderWithProviders(<RecurringPage canFinaliseMonth={canFinaliseMonth} today={today} />)
}

type UserEventApi = ReturnType<typeof renderPage>['user']

const cardOf = (description: string) => screen.getByRole('group', { name: `${description} template` })

/** Opens a template's menu and picks an entry with the keyboard (see the users page tests). */
async function chooseAction(user: UserEventApi, description: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${description}` }))
  const entry = await screen.findByRole('menuitem', { name: item })
  await highlightMenuItem(user, entry)
  expect(entry).toHaveAttribute('data-highlighted')
  await user.keyboard('{Enter}')
}

beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe('RecurringPage', () => {
  it('shows the month recomputed from the items, the tiles and the active templates', async () => {
    wideScreen()
    const state = serve({ templates: [netflix, rent, salary, savings, gym], summary: july })
    renderPage()
    expect(screen.getByRole('heading', { name: 'Recurring Transactions', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Automate your regular income and expenses')).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Recurring Transactions · MySpending'))

    // Money going out: paid £950 + left £12.99 + £200 by magnitude; the salary is received, not
    // paid. The server's totals are not used.
    expect(await screen.findByTestId('summary-Total This Month')).toHaveTextContent('£1,162.99')
    expect(screen.getByTestId('summary-Paid This Month')).toHaveTextContent('£950.00')
    expect(screen.getByTestId('summary-Left')).toHaveTextContent('£212.99')
    expect(screen.getByTestId('summary-Received This Month')).toHaveTextContent('£2,500.00')
    expect(screen.getByTestId('summary-Transactions')).toHaveTextContent('4')
    expect(screen.getByText('July 2026')).toBeInTheDocument()
    const upcoming = screen.getByRole('list', { name: 'Upcoming This Month (2)' })
    expect(within(upcoming).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'NetflixDue in 5 days-£12.99',
      'Monthly savingsDue tomorrow£200.00',
    ])
    expect(within(screen.getByRole('list', { name: 'Paid This Month (1)' })).getByRole('listitem')).toHaveTextContent(
      'RentPaid 3 Jul-£950.00',
    )
    expect(within(screen.getByRole('list', { name: 'Received This Month (1)' })).getByRole('listitem')).toHaveTextContent(
      'SalaryReceived 1 Jul+£2,500.00',
    )

    // Cash flow: Netflix £12.99 + Rent £950 + savings £200 (active expenses and transfers, monthly).
    await waitFor(() => expect(screen.getByTestId('tile-Cash Flow')).toHaveTextContent('£1,162.99'))
    // Bills & Subscriptions: the active expenses Netflix and Rent (not the salary, the transfer or the paused gym).
    expect(screen.getByTestId('tile-Bills & Subscriptions')).toHaveTextContent('2')
    expect(screen.getByTestId('tile-Overdue')).toHaveTextContent('1')
    expect(screen.getByTestId('tile-Due Soon')).toHaveTextContent('2')
    expect(screen.getByTestId('tile-Active')).toHaveTextContent('4')

    expect(screen.getAllByTestId('template-card')).toHaveLength(4)
    expect(screen.queryByRole('group', { name: 'Gym template' })).not.toBeInTheDocument()
    expect(within(cardOf('Rent')).getByTestId('due-chip')).toHaveTextContent('2 days overdue')
    expect(within(cardOf('Rent')).getByRole('img', { name: 'Overdue' })).toBeInTheDocument()
    expect(within(cardOf('Salary')).getByTestId('template-amount')).toHaveTextContent('+£2,500.00')
    expect(within(cardOf('Monthly savings')).getByText(/Everyday Current → Rainy Day/)).toBeInTheDocument()

    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/recurring/analytics')
    expect(screen.getByRole('button', { name: 'Add Recurring' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Finalise Month' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add Recurring Transaction' })).not.toBeInTheDocument()
    expect(state.listQueries).toEqual(['?active=all'])
  })

  it('shows the paused templates with Show Inactive, and the active ones again with Hide Inactive', async () => {
    serve({ templates: [netflix, gym] })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Netflix template' })
    await user.click(screen.getByRole('button', { name: 'Show Inactive' }))
    const card = cardOf('Gym')
    expect(card).toHaveAttribute('data-paused', 'true')
    expect(within(card).getByText('PAUSED')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Netflix template' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Hide Inactive' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Hide Inactive' }))
    expect(cardOf('Netflix')).toBeInTheDocument()
  })

  it('explains the tiles in a dialog closed with Got it', async () => {
    serve({ templates: [netflix] })
    const { user } = renderPage()
    await user.click(screen.getByRole('button', { name: 'About these figures' }))
    const dialog = await screen.findByRole('dialog', { name: 'About these figures' })
    for (const term of ['Cash Flow', 'Bills & Subscriptions', 'Overdue', 'Due Soon', 'Active']) {
      expect(within(dialog).getByText(term, { selector: 'dt' })).toBeInTheDocument()
    }
    await user.click(within(dialog).getByRole('button', { name: 'Got it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  describe('on a phone', () => {
    it('condenses the summary behind Show details and floats the add buttons', async () => {
      serve({ templates: [netflix], summary: july })
      const { user } = renderPage()
      expect(await screen.findByTestId('summary-Left')).toHaveTextContent('£212.99')
      expect(screen.queryByRole('list', { name: /Upcoming This Month/ })).not.toBeInTheDocument()
      const toggle = screen.getByRole('button', { name: 'Show details' })
      expect(toggle).toHaveAttribute('aria-expanded', 'false')
      await user.click(toggle)
      expect(screen.getByRole('list', { name: 'Upcoming This Month (2)' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true')

      expect(screen.queryByRole('button', { name: 'Add Recurring' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Add Recurring Transfer' }))
      expect(await screen.findByRole('dialog', { name: 'Add Recurring Transfer' })).toBeInTheDocument()
    })
  })

  describe('empty states', () => {
    it('says there are no templates yet and offers the Add Recurring menu', async () => {
      wideScreen()
      serve({ templates: [] })
      const { user } = renderPage()
      expect(await screen.findByRole('heading', { name: 'No recurring transactions yet' })).toBeInTheDocument()
      expect(screen.getByText('No recurring transactions this month')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Add Recurring' }))
      expect(await screen.findByRole('menuitem', { name: 'Add Recurring Transaction' })).toBeInTheDocument()
      expect(screen.getByRole('menuitem', { name: 'Add Recurring Transfer' })).toBeInTheDocument()
    })

    it('says no active templates, and Show Inactive Templates shows the paused ones', async () => {
      serve({ templates: [gym] })
      const { user } = renderPage()
      expect(await screen.findByRole('heading', { name: 'No active templates' })).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Show Inactive Templates' }))
      expect(cardOf('Gym')).toBeInTheDocument()
    })

    it('says no inactive templates when every template runs', async () => {
      serve({ templates: [netflix] })
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Netflix template' })
      await user.click(screen.getByRole('button', { name: 'Show Inactive' }))
      expect(screen.getByRole('heading', { name: 'No inactive templates' })).toBeInTheDocument()
    })
  })

  describe('loading failures', () => {
    it('falls back to an empty month without an error when the summary fails', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      serve({ templates: [netflix] })
      server.use(
        http.get(apiUrl('/recurring-transactions/summary/current-month'), () =>
          HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 }),
        ),
      )
      renderPage()
      expect(await screen.findByText('No recurring transactions this month')).toBeInTheDocument()
      expect(screen.getByTestId('summary-Total This Month')).toHaveTextContent('£0.00')
      // No income this month: no Received figure.
      expect(screen.queryByTestId('summary-Received This Month')).not.toBeInTheDocument()
      await screen.findByRole('group', { name: 'Netflix template' })
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
      expect(log).toHaveBeenCalledWith('Database unavailable', expect.anything())
    })

    it("shows the server's message, or the spec's fallback, when the templates fail", async () => {
      serve()
      server.use(
        http.get(apiUrl('/recurring-transactions'), () => HttpResponse.json({ success: false }, { status: 500 })),
      )
      renderPage()
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch recurring transactions')
    })
  })

  describe('card menu', () => {
    it('processes a template now, then reloads the list and the summary', async () => {
      const state = serve({ templates: [netflix, rent], summary: july })
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Rent template' })
      await waitFor(() => expect(state.summaryCalls).toBe(1))
      const before = { list: state.listCalls, summary: state.summaryCalls }
      await chooseAction(user, 'Rent', 'Process Now')
      expect(await screen.findByText('Recurring transaction processed successfully')).toBeInTheDocument()
      expect(state.sent).toEqual([{ method: 'POST', path: '/api/recurring-transactions/rt-rent/process', body: undefined }])
      await waitFor(() => expect(state.listCalls).toBe(before.list + 1))
      await waitFor(() => expect(state.summaryCalls).toBe(before.summary + 1))
    })

    it("shows the spec's message when processing fails", async () => {
      serve({ templates: [netflix] })
      server.use(
        http.post(apiUrl('/recurring-transactions/:id/process'), () => HttpResponse.json({}, { status: 500 })),
      )
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Netflix template' })
      await chooseAction(user, 'Netflix', 'Process Now')
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process recurring transaction')
    })

    it('offers Process Now only for an active template', async () => {
      serve({ templates: [gym] })
      const { user } = renderPage()
      await user.click(await screen.findByRole('button', { name: 'Show Inactive Templates' }))
      await user.click(screen.getByRole('button', { name: 'Actions for Gym' }))
      expect(await screen.findByRole('menuitem', { name: 'Process Now' })).toHaveAttribute('data-disabled')
      expect(screen.getByRole('menuitem', { name: 'Activate' })).toBeInTheDocument()
    })

    it('deactivates a template, which leaves the active list', async () => {
      const state = serve({ templates: [netflix, rent] })
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Netflix template' })
      await chooseAction(user, 'Netflix', 'Deactivate')
      expect(await screen.findByText('Recurring transaction paused')).toBeInTheDocument()
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Netflix template' })).not.toBeInTheDocument())
      expect(state.sent).toEqual([
        { method: 'PATCH', path: '/api/recurring-transactions/rt-netflix/toggle-status', body: undefined },
      ])
      expect(screen.getByTestId('tile-Active')).toHaveTextContent('1')
    })

    it("shows the spec's message when the toggle fails", async () => {
      serve({ templates: [netflix] })
      server.use(
        http.patch(apiUrl('/recurring-transactions/:id/toggle-status'), () => HttpResponse.json({}, { status: 500 })),
      )
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Netflix template' })
      await chooseAction(user, 'Netflix', 'Deactivate')
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to toggle recurring transaction status')
    })

    it('deletes a template after confirming', async () => {
      const state = serve({ templates: [netflix, rent] })
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Rent template' })
      await chooseAction(user, 'Rent', 'Delete Template')
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Template' })
      expect(dialog).toHaveTextContent('Are you sure you want to delete "Rent"?')
      expect(dialog).toHaveTextContent(
        'This will stop all future automatic transactions for this template. Existing transactions will not be affected.',
      )
      await user.click(within(dialog).getByRole('button', { name: 'Delete Template' }))
      expect(await screen.findByText('Recurring transaction deleted successfully')).toBeInTheDocument()
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Rent template' })).not.toBeInTheDocument())
      expect(state.sent).toEqual([{ method: 'DELETE', path: '/api/recurring-transactions/rt-rent', body: undefined }])
    })

    it('says the last template was deactivated rather than deleted', async () => {
      serve({ templates: [netflix] })
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Netflix template' })
      await chooseAction(user, 'Netflix', 'Delete Template')
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Template' })
      await user.click(within(dialog).getByRole('button', { name: 'Delete Template' }))
      expect(
        await screen.findByText(
          'Recurring transaction deactivated successfully (cannot delete the last recurring transaction)',
        ),
      ).toBeInTheDocument()
      expect(await screen.findByRole('heading', { name: 'No active templates' })).toBeInTheDocument()
    })

    it("keeps a failed delete's message in the dialog", async () => {
      serve({ templates: [netflix, rent] })
      server.use(http.delete(apiUrl('/recurring-transactions/:id'), () => HttpResponse.json({}, { status: 500 })))
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Rent template' })
      await chooseAction(user, 'Rent', 'Delete Template')
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete Template' })
      await user.click(within(dialog).getByRole('button', { name: 'Delete Template' }))
      expect(await within(dialog).findByText('Failed to delete recurring transaction')).toBeInTheDocument()
      // Behind the open dialog, the page is hidden from the accessibility tree.
      expect(screen.getByRole('group', { name: 'Rent template', hidden: true })).toBeInTheDocument()
    })

    it('opens the transfer form to edit a transfer template', async () => {
      serve({ templates: [savings] })
      const { user } = renderPage()
      await screen.findByRole('group', { name: 'Monthly savings template' })
      await chooseAction(user, 'Monthly savings', 'Edit Template')
      const dialog = await screen.findByRole('dialog', { name: 'Edit Recurring Transfer' })
      expect(await within(dialog).findByLabelText('Description')).toHaveValue('Monthly savings')
    })
  })

  describe('Finalise Month', () => {
    it('is not offered without the permission', async () => {
      serve({ templates: [netflix] })
      renderPage(false)
      await screen.findByRole('group', { name: 'Netflix template' })
      expect(screen.queryByRole('button', { name: 'Finalise Month' })).not.toBeInTheDocument()
    })

    it('finalises the chosen month, shows the notice and reloads the summary', async () => {
      const state = serve({ templates: [netflix] })
      const { user } = renderPage(true)
      await screen.findByRole('group', { name: 'Netflix template' })
      await waitFor(() => expect(state.summaryCalls).toBe(1))
      await user.click(screen.getByRole('button', { name: 'Finalise Month' }))
      const dialog = await screen.findByRole('dialog', { name: 'Finalise Month' })
      expect(within(dialog).getByLabelText('Month')).toHaveValue('7')
      expect(within(dialog).getByLabelText('Year')).toHaveValue('2026')
      await user.selectOptions(within(dialog).getByLabelText('Month'), 'June')
      await user.click(within(dialog).getByRole('button', { name: 'Finalise' }))
      expect(await screen.findByRole('status')).toHaveTextContent('Month finalised successfully')
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Finalise Month' })).not.toBeInTheDocument())
      expect(state.sent).toEqual([{ method: 'POST', path: '/api/recurring-snapshots/finalize', body: { year: 2026, month: 6 } }])
      await waitFor(() => expect(state.summaryCalls).toBe(2))
    })

    it('logs a refusal and keeps it in the dialog', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => {})
      serve({ templates: [netflix] })
      server.use(
        http.post(apiUrl('/recurring-snapshots/finalize'), () =>
          HttpResponse.json({ success: false, message: 'You may not finalise months' }, { status: 403 }),
        ),
      )
      const { user } = renderPage(true)
      await user.click(await screen.findByRole('button', { name: 'Finalise Month' }))
      const dialog = await screen.findByRole('dialog', { name: 'Finalise Month' })
      await user.click(within(dialog).getByRole('button', { name: 'Finalise' }))
      expect(await within(dialog).findByText('You may not finalise months')).toBeInTheDocument()
      expect(log).toHaveBeenCalledWith('You may not finalise months', expect.anything())
    })
  })
})
