import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { RecurringAnalytics } from '../api/types'
import { makeAnalytics, makeFlowMonth, makePoint, makeTrend } from '../lib/test-fixtures'
import { RecurringAnalyticsPage } from './recurring-analytics-page'

// zag's select scrolls its list into view; jsdom has no Element.scrollTo (src/test/setup.ts covers window only).
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {}

const salaryLine = { icon: 'briefcase', name: 'Salary', amount: 2500, count: 1, type: 'Income' as const }
const tvLine = { icon: 'film', name: 'Entertainment', amount: 10.99, count: 1, type: 'Expense' as const }
const savingsLine = { icon: 'arrow-left-right', name: 'Transfers', amount: 200, count: 1, type: 'Transfer' as const }

const quiet = (monthNumber: number) => makeFlowMonth({ monthNumber })

const analytics: RecurringAnalytics = makeAnalytics({
  monthlyData: [
    quiet(1),
    quiet(2),
    quiet(3),
    quiet(4),
    makeFlowMonth({
      monthNumber: 5,
      source: 'snapshot',
      income: 2500,
      expenses: 10.99,
      netFlow: 2489.01,
      categoryBreakdown: [salaryLine, tvLine],
    }),
    makeFlowMonth({
      monthNumber: 6,
      income: 0,
      expenses: 21.98,
      netFlow: -21.98,
      categoryBreakdown: [savingsLine, { ...tvLine, amount: 21.98, count: 2 }],
    }),
  ],
  insights: {
    totalIncome: 2500,
    totalExpenses: 32.97,
    totalNetFlow: 2467.03,
    activeRecurringTransactions: 3,
    bestMonth: { month: 'May 2026', year: 2026, monthNumber: 5, netFlow: 2489.01 },
    worstMonth: { month: 'Jun 2026', year: 2026, monthNumber: 6, netFlow: -21.98 },
    topCategory: { name: 'Salary', icon: 'briefcase', amount: 2500 },
  },
  templateTrends: [
    // Listed first, but its latest data is May: not preselected.
    makeTrend({
      templateId: 'rt-salary',
      templateName: 'Salary',
      icon: 'briefcase',
      color: '#4CAF50',
      categoryName: 'Salary',
      currentAmount: 2500,
      monthlyData: [
        makePoint({ monthNumber: 5, templateAmount: 2500, actualAmount: 2500, source: 'snapshot' }),
        makePoint({ monthNumber: 6, templateAmount: 2500, actualAmount: 0, source: 'no-data' }),
      ],
    }),
    makeTrend({
      templateId: 'rt-netflix',
      templateName: 'Netflix',
      currentAmount: -10.99,
      monthlyData: [
        makePoint({ monthNumber: 5, source: 'snapshot' }),
        makePoint({ monthNumber: 6, actualAmount: 21.98, source: 'computed' }),
      ],
    }),
  ],
})

type Answer = RecurringAnalytics | 'error'

/** Serves the analytics; a list of answers is used in turn (the last one repeats). */
function serve(answers: Answer | Answer[], seen: string[] = []) {
  const queue = Array.isArray(answers) ? [...answers] : [answers]
  server.use(
    http.get(apiUrl('/recurring-analytics'), ({ request }) => {
      seen.push(new URL(request.url).search)
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!
      return answer === 'error'
        ? HttpResponse.json({ success: false }, { status: 500 })
        : HttpResponse.json({ success: true, data: answer, message: 'Recurring analytics loaded' })
    }),
  )
  return seen
}

describe('RecurringAnalyticsPage', () => {
  it('asks for six months by default and shows the tiles', async () => {
    const seen = serve(analytics)
    renderWithProviders(<RecurringAnalyticsPage />)
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    expect(seen).toEqual(['?months=6'])
    expect(screen.getByRole('heading', { name: 'Recurring Analytics', level: 1 })).toBeInTheDocument()
    expect(document.title).toBe('Recurring Analytics · MySpending')
    expect(screen.getByLabelText('Time Range')).toHaveValue('6')
    expect(screen.getByTestId('tile-Total Expenses')).toHaveTextContent('£32.97')
    expect(screen.getByTestId('tile-Net Flow')).toHaveTextContent('+£2,467.03')
    expect(getComputedStyle(screen.getByTestId('tile-Net Flow')).color).toBe('var(--chakra-colors-fg-success)')
    expect(screen.getByTestId('tile-Active Templates')).toHaveTextContent('3')
    expect(screen.getByRole('link', { name: 'Back to Recurring' })).toHaveAttribute('href', '/recurring')
    expect(await screen.findByRole('img', { name: 'Recurring income, expenses and net flow by month' })).toBeInTheDocument()
  })

  it('colours a negative net flow as a loss', async () => {
    serve({ ...analytics, insights: { ...analytics.insights, totalNetFlow: -12.5 } })
    renderWithProviders(<RecurringAnalyticsPage />)
    const tile = await screen.findByTestId('tile-Net Flow')
    expect(tile).toHaveTextContent('-£12.50')
    expect(getComputedStyle(tile).color).toBe('var(--chakra-colors-fg-error)')
  })

  it('asks again for another time range', async () => {
    const seen = serve(analytics)
    const { user } = renderWithProviders(<RecurringAnalyticsPage />)
    await screen.findByTestId('tile-Total Income')
    expect(within(screen.getByLabelText('Time Range')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Last 3 months',
      'Last 6 months',
      'Last 12 months',
      'Last 24 months',
    ])
    await user.selectOptions(screen.getByLabelText('Time Range'), 'Last 12 months')
    await waitFor(() => expect(seen).toContain('?months=12'))
    expect(screen.getByLabelText('Time Range')).toHaveValue('12')
  })

  it('shows the best and worst month and the top category', async () => {
    serve(analytics)
    renderWithProviders(<RecurringAnalyticsPage />)
    expect(await screen.findByTestId('insight-Best Month')).toHaveTextContent('May 2026Net flow +£2,489.01')
    expect(screen.getByTestId('insight-Worst Month')).toHaveTextContent('June 2026Net flow -£21.98')
    expect(screen.getByTestId('insight-Top Category')).toHaveTextContent('Salary£2,500.00 in the period')
  })

  it('says so when there is no best or worst month or top category', async () => {
    // Only a transfer moved: activity, but no income or expense to rank.
    serve({
      ...analytics,
      monthlyData: [makeFlowMonth({ monthNumber: 6, categoryBreakdown: [savingsLine] })],
      insights: { ...analytics.insights, bestMonth: null, worstMonth: null, topCategory: null },
    })
    renderWithProviders(<RecurringAnalyticsPage />)
    expect(await screen.findByTestId('insight-Best Month')).toHaveTextContent('No recurring activity yet')
    expect(screen.getByTestId('insight-Worst Month')).toHaveTextContent('No recurring activity yet')
    expect(screen.getByTestId('insight-Top Category')).toHaveTextContent('No income or expenses yet')
  })

  it('preselects the template with the most recent data and lets another be chosen', async () => {
    serve(analytics)
    const { user } = renderWithProviders(<RecurringAnalyticsPage />)
    const trends = await screen.findByTestId('template-trends')
    const picker = within(trends).getByRole('combobox', { name: 'Template' })
    expect(picker).toHaveTextContent('Netflix')
    expect(picker).toHaveTextContent('-£10.99')
    expect(await within(trends).findByRole('img', { name: 'Netflix: template amount against actual amount by month' })).toBeInTheDocument()
    expect(within(trends).getByRole('list', { name: 'Data sources' })).toHaveTextContent(/Finalised.*Live.*No data/)

    await user.click(picker)
    const options = within(await screen.findByRole('listbox')).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Salary+£2,500.00Salary', 'Netflix-£10.99Entertainment'])
    await user.click(options[0]!)
    await waitFor(() => expect(picker).toHaveTextContent('Salary'))
    expect(within(trends).getByRole('img', { name: 'Salary: template amount against actual amount by month' })).toBeInTheDocument()
  })

  it('shows the latest month with activity in the breakdown and follows the month selector', async () => {
    serve(analytics)
    const { user } = renderWithProviders(<RecurringAnalyticsPage />)
    const picker = await screen.findByLabelText('Select Month')
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'June 2026 (Live)',
      'May 2026 (Finalised)',
      'April 2026 (Live)',
      'March 2026 (Live)',
      'February 2026 (Live)',
      'January 2026 (Live)',
    ])
    expect(picker).toHaveValue('2026-06')
    let rows = screen.getAllByTestId('breakdown-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent(/^Transfers1 transaction£200.00Transfer$/)
    expect(within(rows[0]!).getByText('Transfer')).toBeInTheDocument()
    expect(rows[1]).toHaveTextContent(/^Entertainment2 transactions£21.98Expense$/)
    expect(screen.getByTestId('month-totals')).toHaveTextContent('Income £0.00 · Expenses £21.98 · Net flow -£21.98')

    await user.selectOptions(picker, 'May 2026 (Finalised)')
    rows = screen.getAllByTestId('breakdown-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent(/^Salary1 transaction£2,500.00Income$/)
    expect(within(rows[0]!).getByText('Income')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Expense')).toBeInTheDocument()
    expect(screen.getByTestId('month-source')).toHaveTextContent('Finalised')
    expect(screen.getByTestId('source-explanation')).toHaveTextContent('kept when the month was finalised')

    await user.selectOptions(picker, 'April 2026 (Live)')
    expect(screen.queryAllByTestId('breakdown-row')).toHaveLength(0)
    expect(screen.getByText('No recurring transactions in this month')).toBeInTheDocument()
  })

  it('shows the empty state when no template made anything in the range', async () => {
    serve(
      makeAnalytics({
        monthlyData: [quiet(5), quiet(6)],
        templateTrends: [makeTrend({ monthlyData: [makePoint({ source: 'no-data', actualAmount: 0 })] })],
      }),
    )
    renderWithProviders(<RecurringAnalyticsPage />)
    expect(await screen.findByRole('heading', { name: 'No recurring activity in this period' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Recurring' })).toHaveAttribute('href', '/recurring')
    expect(screen.queryByTestId('tile-Total Income')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Time Range')).toBeInTheDocument()
  })

  it('shows the fallback message and loads again on Retry', async () => {
    const seen = serve(['error', analytics])
    const { user } = renderWithProviders(<RecurringAnalyticsPage />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to fetch analytics')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByTestId('tile-Total Income')).toHaveTextContent('£2,500.00')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(seen).toEqual(['?months=6', '?months=6'])
  })
})
