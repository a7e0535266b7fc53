import { screen, waitFor, within } from '@testing-library/react'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { londonToday } from '@/lib/calendar-day'
import { formatMoney } from '@/lib/format'
import type { Account } from '@/lib/api/types'
import { makeAccount } from '@/test/fixtures'
import { expectNoAriaViolations } from '@/test/axe'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { GoalsSummary } from '../api/get-goals-summary'
import type { ChartSlice, DashboardSummary } from '../api/types'
import { DashboardPage } from './dashboard-page'
import { highlightMenuItem } from '@/test/menu'

const summary: DashboardSummary = {
  totalIncome: 2500,
  totalExpenses: 166.17,
  balance: 2333.83,
  transactionCount: 3,
  incomeCount: 1,
  expenseCount: 2,
}

const expenses: ChartSlice[] = [
  { name: 'Groceries', total: 120.5, color: '#4CAF50' },
  { name: 'Travel', total: 45.67, color: '#03A9F4' },
]

const accountList: Account[] = [
  makeAccount({ currentBalance: 3333.83 }),
  makeAccount({ _id: 'a2', name: 'Rainy Day', type: 'savings', currentBalance: 500 }),
  makeAccount({ _id: 'a3', name: 'Travel Card', type: 'credit_card', currentBalance: -120 }),
  makeAccount({ _id: 'a4', name: 'Wallet', type: 'cash', currentBalance: 20 }),
  makeAccount({ _id: 'a5', name: 'Shares ISA', type: 'investment', currentBalance: 900 }),
]

const goals: GoalsSummary = {
  totalGoals: 0,
  activeGoals: 0,
  completedGoals: 0,
  overallProgress: 0,
  totalSavedAmount: 0,
  totalTargetAmount: 0,
  nearestGoal: null,
}

type Serve = {
  summary?: DashboardSummary
  chart?: Partial<Record<'expense' | 'income', ChartSlice[] | 'error' | 'hang'>>
  accounts?: Account[]
  netWorth?: number
}

function serve({ summary: s = summary, chart = {}, accounts = accountList, netWorth = 4633.83 }: Serve = {}) {
  server.use(
    http.get(apiUrl('/transactions/dashboard/summary'), () => HttpResponse.json({ success: true, data: s })),
    http.get(apiUrl('/transactions/dashboard/chart-data'), async ({ request }) => {
      const type = (new URL(request.url).searchParams.get('type') ?? 'expense') as 'expense' | 'income'
      const answer = chart[type] ?? (type === 'expense' ? expenses : [])
      if (answer === 'hang') {
        await delay('infinite')
      }
      if (answer === 'error') return new HttpResponse(null, { status: 500 })
      return HttpResponse.json({ success: true, data: answer })
    }),
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts, netWorth, totalAccounts: accounts.length } }),
    ),
    http.get(apiUrl('/goals/dashboard/summary'), () => HttpResponse.json({ success: true, data: goals })),
    http.get(apiUrl('/shopping-list'), () => HttpResponse.json({ success: true, data: [] })),
    http.get(apiUrl('/reports/net-worth'), () =>
      HttpResponse.json({
        success: true,
        data: [
          { month: '2026-05', date: '2026-05-31', assets: 5000, liabilities: 400, netWorth: 4600 },
          { month: '2026-06', date: '2026-06-30', assets: 5100, liabilities: 466.17, netWorth: 4633.83 },
        ],
      }),
    ),
  )
}

function renderDashboard() {
  const onAddTransaction = vi.fn()
  const onCreateTransfer = vi.fn()
  const view = renderWithProviders(
    <DashboardPage
      userName="Alice Smith"
      userId=""
      canConnectBank={false}
      onAddTransaction={onAddTransaction}
      onCreateTransfer={onCreateTransfer}
    />,
  )
  return { ...view, onAddTransaction, onCreateTransfer }
}

// The cards below the first view come in turns after the first paint: their waits, and the tests'
// limit, allow for a loaded machine.
describe('DashboardPage', { timeout: 15_000 }, () => {
  it("welcomes a user who registered today without a 'back', with the getting-started card", async () => {
    serve()
    server.use(...dashboardHandlers().slice(-3))
    renderWithProviders(
      <DashboardPage userName="Alice Smith" userId="u-new" canConnectBank newUser onAddTransaction={vi.fn()} onCreateTransfer={vi.fn()} />,
    )
    expect(screen.getByRole('heading', { name: 'Welcome, Alice Smith!' })).toBeInTheDocument()
    expect(await screen.findByRole('region', { name: 'Get started' })).toBeInTheDocument()
  })

  it('shows the month in the tiles and the overview, in pence-exact money', async () => {
    serve()
    renderDashboard()
    expect(screen.getByRole('heading', { name: 'Welcome back, Alice Smith!' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    expect(screen.getByTestId('tile-Total Expenses')).toHaveTextContent('£166.17')
    expect(screen.getByTestId('tile-Transactions')).toHaveTextContent('3')
    await waitFor(() => expect(screen.getByTestId('tile-Net Worth')).toHaveTextContent('£4,633.83'))
    // The overview, below the first view, comes in its turn after the first paint.
    await waitFor(() => expect(screen.getByTestId('overview-balance')).toHaveTextContent('+£2,333.83'), {
      timeout: 5_000,
    })
    // The overview says what the tiles do not: 233383 / 250000 of the income kept …
    expect(screen.getByTestId('overview-kept')).toHaveTextContent('93.4%')
    // … 16617 / 2 = 8308.5 pence per purchase (the salary is not averaged in) …
    expect(screen.getByTestId('overview-average')).toHaveTextContent('£83.09')
    expect(screen.getByText('Per purchase, 2 so far')).toBeInTheDocument()
    // … and the spending over the month's days so far.
    const day = Number(londonToday().slice(8, 10))
    expect(screen.getByTestId('overview-per-day')).toHaveTextContent(formatMoney(Math.round(16617 / day)))
    expect(screen.queryByText('Total Transactions')).not.toBeInTheDocument()
  })

  it("says which period each tile covers: this month's figures, today's net worth", async () => {
    serve()
    renderDashboard()
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    // The label, the figure and its caption share the tile's Stat.
    const tile = (label: string) => screen.getByTestId(`tile-${label}`).parentElement!
    expect(tile('Total Income')).toHaveTextContent(/^Total Income£2,500\.00This month$/)
    expect(tile('Total Expenses')).toHaveTextContent(/^Total Expenses£166\.17This month$/)
    expect(tile('Transactions')).toHaveTextContent(/^Transactions3This month$/)
    expect(tile('Net Worth')).toHaveTextContent(/All accounts$/)
  })

  it('leaves out the average and the share kept when there is nothing to divide', async () => {
    serve({ summary: { totalIncome: 0, totalExpenses: 0, balance: 0, transactionCount: 0, incomeCount: 0, expenseCount: 0 } })
    renderDashboard()
    await waitFor(() => expect(screen.getByTestId('overview-balance')).toHaveTextContent('£0.00'), { timeout: 5_000 })
    expect(screen.getByTestId('overview-per-day')).toHaveTextContent('£0.00')
    expect(screen.queryByText('Average Spend')).not.toBeInTheDocument()
    expect(screen.queryByText('Kept of Income')).not.toBeInTheDocument()
  })

  it('shows the chart skeleton while the spending data loads, announced as a status', async () => {
    serve({ chart: { expense: 'hang' } })
    const { container } = renderDashboard()
    expect(await screen.findByRole('status', { name: 'Loading spending data' })).toBeInTheDocument()
    await expectNoAriaViolations(container)
  })

  it('shows the expenses by category with the total chip and each share', async () => {
    serve()
    renderDashboard()
    expect(await screen.findByTestId('chart-total')).toHaveTextContent('Total: £166.17')
    const list = screen.getByRole('list', { name: 'Categories' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Groceries£120.5072.5%')
    expect(rows[1]).toHaveTextContent('Travel£45.6727.5%')
    expect(screen.getByRole('button', { name: 'Expenses' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByRole('heading', { name: 'Spending by Category' })).toBeInTheDocument()
  })

  it('titles the chart card after the chosen type', async () => {
    serve({ chart: { income: [{ name: 'Salary', total: 2500, color: '#009688' }] } })
    const { user } = renderDashboard()
    expect(await screen.findByRole('heading', { name: 'Spending by Category' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Income' }))
    expect(await screen.findByRole('heading', { name: 'Income by Category' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Spending by Category' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Expenses' }))
    expect(await screen.findByRole('heading', { name: 'Spending by Category' })).toBeInTheDocument()
  })

  it('switches to income and shows its empty state', async () => {
    serve({ chart: { income: [] } })
    const { user } = renderDashboard()
    await screen.findByTestId('chart-total')
    await user.click(screen.getByRole('button', { name: 'Income' }))
    expect(await screen.findByText('No income data available')).toBeInTheDocument()
    expect(screen.getByText('Add some income transactions to see the breakdown')).toBeInTheDocument()
    expect(screen.queryByTestId('chart-total')).not.toBeInTheDocument()
  })

  it('shows the expense empty state', async () => {
    serve({ chart: { expense: [] } })
    renderDashboard()
    expect(await screen.findByText('No expense data available')).toBeInTheDocument()
    expect(screen.getByText('Add some expense transactions to see the breakdown')).toBeInTheDocument()
  })

  it('shows the fallback when the spending data fails, dismissibly', async () => {
    serve({ chart: { expense: 'error' } })
    const { user } = renderDashboard()
    expect(await screen.findByText('Failed to load spending data')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText('Failed to load spending data')).not.toBeInTheDocument()
  })

  it('lists the first four accounts and hides the balances on request', async () => {
    serve()
    const { user } = renderDashboard()
    const rows = await screen.findAllByTestId('dashboard-account')
    expect(rows).toHaveLength(4)
    expect(rows[0]).toHaveTextContent('Everyday Current')
    expect(rows[0]).toHaveTextContent('£3,333.83')
    expect(rows[2]).toHaveTextContent('-£120.00')
    expect(screen.queryByText('Shares ISA')).not.toBeInTheDocument()
    expect(screen.getByTestId('dashboard-net-worth')).toHaveTextContent('£4,633.83')
    expect(screen.getByRole('link', { name: 'View All Accounts (5)' })).toHaveAttribute('href', '/accounts')

    await user.click(screen.getByRole('button', { name: 'Hide balances' }))
    expect(screen.getByTestId('dashboard-net-worth')).toHaveTextContent('••••••')
    expect(rows[0]).toHaveTextContent('••••••')
    expect(rows[0]).not.toHaveTextContent('£')
    await user.click(screen.getByRole('button', { name: 'Show balances' }))
    expect(rows[0]).toHaveTextContent('£3,333.83')
  })

  it("hides every balance on the page: the accounts, both net worths and the month's balance", async () => {
    serve()
    const { user } = renderDashboard()
    const rows = await screen.findAllByTestId('dashboard-account')
    await waitFor(() => expect(screen.getByTestId('tile-Net Worth')).toHaveTextContent('£4,633.83'))
    // The overview, below the first view, comes in its turn after the first paint.
    await waitFor(() => expect(screen.getByTestId('overview-balance')).toHaveTextContent('+£2,333.83'), {
      timeout: 5_000,
    })

    await user.click(screen.getByRole('button', { name: 'Hide balances' }))
    expect(screen.getByRole('button', { name: 'Show balances' })).toHaveAttribute('aria-pressed', 'true')
    for (const balance of [
      screen.getByTestId('tile-Net Worth'),
      screen.getByTestId('dashboard-net-worth'),
      screen.getByTestId('overview-balance'),
      ...rows,
    ]) {
      expect(balance).toHaveTextContent('••••••')
      expect(balance).not.toHaveTextContent('£')
    }
    // The month's flows are not balances and stay.
    expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00')
    expect(screen.getByTestId('tile-Total Expenses')).toHaveTextContent('£166.17')
    expect(screen.getByTestId('tile-Transactions')).toHaveTextContent('3')

    await user.click(screen.getByRole('button', { name: 'Show balances' }))
    expect(screen.getByTestId('tile-Net Worth')).toHaveTextContent('£4,633.83')
    expect(screen.getByTestId('overview-balance')).toHaveTextContent('+£2,333.83')
  })

  it('draws net worth over time below the fold, with its figures for screen readers, and hides it with the balances', async () => {
    serve()
    const { user } = renderDashboard()
    const chart = await screen.findByRole('img', { name: 'Net worth at each month end over the last 24 months' }, { timeout: 10_000 })
    expect(chart).toBeInTheDocument()
    expect(screen.getByTestId('net-worth-now')).toHaveTextContent('+£4,633.83')
    const table = screen.getByRole('table', { name: 'Net worth at each month end over the last 24 months' })
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'MonthNet worthAssetsLiabilities',
      'May 26£4,600.00£5,000.00£400.00',
      'Jun 26£4,633.83£5,100.00£466.17',
    ])
    await user.click(screen.getByRole('button', { name: 'Hide balances' }))
    expect(screen.queryByTestId('net-worth-now')).not.toBeInTheDocument()
    expect(screen.getByText('Hidden with your balances.')).toBeInTheDocument()
  })

  it('offers Add Account when there are no accounts', async () => {
    serve({ accounts: [], netWorth: 0 })
    renderDashboard()
    expect(await screen.findByRole('link', { name: 'Add Account' })).toHaveAttribute('href', '/accounts')
    expect(screen.queryByRole('link', { name: /View All Accounts/ })).not.toBeInTheDocument()
  })

  it('opens the dialogs from the quick actions and links to the other screens', async () => {
    serve()
    const { user, onAddTransaction, onCreateTransfer } = renderDashboard()
    // Quick Actions, below the first view, come in their turn after the first paint.
    expect(await screen.findByRole('link', { name: 'View All Transactions' }, { timeout: 5_000 })).toHaveAttribute(
      'href',
      '/transactions',
    )
    expect(screen.getByRole('link', { name: 'Manage Categories' })).toHaveAttribute('href', '/categories')
    await user.click(screen.getByRole('button', { name: 'Add transaction' }))
    expect(onAddTransaction).toHaveBeenCalledTimes(1)

    await user.click(screen.getByRole('button', { name: 'Add' }))
    const item = await screen.findByRole('menuitem', { name: 'Create Transfer' })
    await highlightMenuItem(user, item)
    // Each arrow key also focuses the menu a frame later: that frame passes before Enter.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await user.keyboard('{Enter}')
    // The Add menu opens the dialog a frame later, once focus is back on its button.
    await waitFor(() => expect(onCreateTransfer).toHaveBeenCalledTimes(1), { timeout: 5_000 })
  })
})
