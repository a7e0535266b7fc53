import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { BudgetAnalytics } from '../api/types'
import { makeMonth } from '../lib/test-fixtures'
import { BudgetAnalyticsPage } from './budget-analytics-page'

const analytics: BudgetAnalytics = {
  monthlyData: [
    makeMonth({
      year: 2026,
      month: 5,
      monthName: 'May',
      source: 'snapshot',
      totalBudgeted: 300,
      totalSpent: 250,
      netDifference: 50,
      categoryBreakdown: [
        { categoryId: 'c1', categoryName: 'Groceries', categoryColor: '#4CAF50', budgeted: 250, spent: 200, difference: 50, percentageUsed: 80, status: 'warning' },
      ],
    }),
    makeMonth({
      year: 2026,
      month: 6,
      monthName: 'June',
      source: 'computed',
      categoryBreakdown: [
        { categoryId: 'c1', categoryName: 'Groceries', categoryColor: '#4CAF50', budgeted: 250, spent: 120.5, difference: 129.5, percentageUsed: 48.2, status: 'good' },
        { categoryId: 'c2', categoryName: 'Travel', categoryColor: '#03A9F4', budgeted: 50, spent: 200, difference: -150, percentageUsed: 400, status: 'over_budget' },
        { categoryId: 'c3', categoryName: 'Coffee & Snacks', categoryColor: '#8BC34A', budgeted: null, spent: 12.3, difference: -12.3, percentageUsed: 0, status: 'no_budget' },
        { categoryId: 'c4', categoryName: 'Mystery', categoryColor: '#000000', budgeted: 10, spent: 1, difference: 9, percentageUsed: 10, status: 'weird' as never },
      ],
    }),
  ],
  summary: { avgMonthlyBudget: 300, avgMonthlySpent: 285.25, totalSavings: 29.5 },
  insights: {
    budgetAccuracy: 66.7,
    bestMonth: { month: 'May 2026', savings: 50 },
    mostOverspentCategory: { name: 'Travel', totalOverspend: 150 },
    spendingTrend: { direction: 'increasing', percentage: 28.2 },
  },
}

function serve(answer: BudgetAnalytics | 'error', seen: string[] = []) {
  server.use(
    http.get(apiUrl('/budget-analytics'), ({ request }) => {
      seen.push(new URL(request.url).search)
      return answer === 'error'
        ? HttpResponse.json({ success: false }, { status: 500 })
        : HttpResponse.json({ success: true, data: { data: answer } })
    }),
  )
}

describe('BudgetAnalyticsPage', () => {
  it('shows six months by default: tiles, insights and the latest month preselected', async () => {
    const seen: string[] = []
    serve(analytics, seen)
    renderWithProviders(<BudgetAnalyticsPage />)
    await waitFor(() => expect(screen.getByTestId('tile-Average Monthly Budget')).toHaveTextContent('£300.00'))
    expect(seen[0]).toBe('?months=6')
    expect(screen.getByLabelText('Time Range')).toHaveValue('6')
    expect(screen.getByTestId('tile-Average Monthly Spent')).toHaveTextContent('£285.25')
    expect(screen.getByTestId('tile-Total Net Savings')).toHaveTextContent('+£29.50')
    expect(screen.getByTestId('tile-Budget Accuracy')).toHaveTextContent('66.7%')
    expect(screen.getByTestId('insight-Best Month')).toHaveTextContent('May 2026Saved £50.00')
    expect(screen.getByTestId('insight-Most Overspent Category')).toHaveTextContent('Travel£150.00 over budget')
    expect(screen.getByTestId('insight-Spending Trend')).toHaveTextContent('Increasing by 28.2%')

    const picker = screen.getByLabelText('Select Month')
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'June 2026 (Live)',
      'May 2026 (Finalised)',
    ])
    expect(picker).toHaveValue('2026-06')
    expect(screen.getByTestId('month-source')).toHaveTextContent('Live')
    expect(screen.queryByText(/computed|snapshot/i)).not.toBeInTheDocument()
    expect(screen.queryByTestId('insight-Trends')).not.toBeInTheDocument()
  })

  it('shows the chosen month by category with statuses and capped progress', async () => {
    serve(analytics)
    const { user } = renderWithProviders(<BudgetAnalyticsPage />)
    const rows = await screen.findAllByTestId('breakdown-row')
    expect(rows).toHaveLength(4)
    expect(within(rows[0]!).getByText('On Track')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('Over Budget')).toBeInTheDocument()
    expect(within(rows[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    expect(within(rows[2]!).getByText('No budget')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('No Budget')).toBeInTheDocument()
    expect(within(rows[2]!).queryByRole('progressbar')).not.toBeInTheDocument()
    expect(within(rows[3]!).getByText('Unknown')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Select Month'), 'May 2026 (Finalised)')
    const may = await screen.findAllByTestId('breakdown-row')
    expect(may).toHaveLength(1)
    expect(within(may[0]!).getByText('Warning')).toBeInTheDocument()
    expect(screen.getByTestId('month-source')).toHaveTextContent('Finalised')
  })

  it('asks again for another time range', async () => {
    const seen: string[] = []
    serve(analytics, seen)
    const { user } = renderWithProviders(<BudgetAnalyticsPage />)
    await screen.findByTestId('tile-Budget Accuracy')
    await user.selectOptions(screen.getByLabelText('Time Range'), 'Last 12 months')
    await waitFor(() => expect(seen).toContain('?months=12'))
    expect(screen.getByRole('link', { name: 'Back to Budgets' })).toHaveAttribute('href', '/budgets')
  })

  it('shows the empty state without data', async () => {
    serve({
      ...analytics,
      monthlyData: [],
      insights: { budgetAccuracy: 0, bestMonth: null, mostOverspentCategory: null, spendingTrend: { direction: 'stable', percentage: 0 } },
    })
    renderWithProviders(<BudgetAnalyticsPage />)
    expect(await screen.findByRole('heading', { name: 'No budget data available' })).toBeInTheDocument()
  })

  it('shows the empty state, not 0.0 % and a flat chart, when no month had a budget', async () => {
    const unbudgeted = (month: number, monthName: string) =>
      makeMonth({
        month,
        monthName,
        totalBudgeted: 0,
        totalSpent: 0,
        netDifference: 0,
        categoryBreakdown: [
          { categoryId: 'c1', categoryName: 'Groceries', categoryColor: '#4CAF50', budgeted: null, spent: 80, difference: -80, percentageUsed: 0, status: 'no_budget' },
        ],
      })
    serve({
      monthlyData: [unbudgeted(5, 'May'), unbudgeted(6, 'June')],
      summary: { avgMonthlyBudget: 0, avgMonthlySpent: 0, totalSavings: 0 },
      insights: { budgetAccuracy: 0, bestMonth: null, mostOverspentCategory: null, spendingTrend: { direction: 'stable', percentage: 0 } },
    })
    renderWithProviders(<BudgetAnalyticsPage />)
    expect(await screen.findByRole('heading', { name: 'No budget data available' })).toBeInTheDocument()
    expect(screen.queryByTestId('tile-Budget Accuracy')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Budgets' })).toHaveAttribute('href', '/budgets')
  })

  it('explains the month tag and says when a month had no budget', async () => {
    const before = makeMonth({
      year: 2026,
      month: 4,
      monthName: 'April',
      totalBudgeted: 0,
      totalSpent: 0,
      netDifference: 0,
      categoryBreakdown: [
        { categoryId: 'c1', categoryName: 'Groceries', categoryColor: '#4CAF50', budgeted: null, spent: 80, difference: -80, percentageUsed: 0, status: 'no_budget' },
      ],
    })
    serve({ ...analytics, monthlyData: [before, ...analytics.monthlyData] })
    const { user } = renderWithProviders(<BudgetAnalyticsPage />)
    expect(await screen.findByTestId('source-explanation')).toHaveTextContent(
      /^Live: this month is not finalised, so its figures are worked out from its transactions/,
    )
    await user.selectOptions(screen.getByLabelText('Select Month'), '2026-05')
    expect(screen.getByTestId('source-explanation')).toHaveTextContent(/^Finalised: these figures were kept when the month was finalised/)
    await user.selectOptions(screen.getByLabelText('Select Month'), '2026-04')
    expect(screen.getByTestId('month-totals')).toHaveTextContent('No budget was set for this month.')
  })

  it("shows the one budgeted month's own figures, not best month, trend or accuracy", async () => {
    const unbudgeted = (month: number, monthName: string) =>
      makeMonth({ month, monthName, totalBudgeted: 0, totalSpent: 40, netDifference: -40, categoryBreakdown: [] })
    const june = analytics.monthlyData[1]!
    serve({
      // What the API answers after one month: a best month, a 'stable' trend and an accuracy, from one month.
      ...analytics,
      monthlyData: [unbudgeted(4, 'April'), unbudgeted(5, 'May'), june],
      insights: { ...analytics.insights, budgetAccuracy: 50, bestMonth: null, spendingTrend: { direction: 'stable', percentage: 0 } },
    })
    renderWithProviders(<BudgetAnalyticsPage />)
    expect(await screen.findByTestId('tile-Budgeted')).toHaveTextContent('£300.00')
    expect(screen.getByTestId('tile-Spent')).toHaveTextContent('£320.50')
    expect(screen.getByTestId('tile-Difference')).toHaveTextContent('-£20.50')
    // Groceries, Travel and Mystery had a budget; Travel went over.
    expect(screen.getByTestId('tile-Over Budget')).toHaveTextContent('1 of 3')
    expect(screen.getAllByText('June 2026')).toHaveLength(2)
    expect(screen.getByTestId('insight-Trends')).toHaveTextContent('Trends appear once you have two months of budgets.')
    for (const gone of ['tile-Budget Accuracy', 'tile-Average Monthly Budget', 'insight-Best Month', 'insight-Spending Trend']) {
      expect(screen.queryByTestId(gone)).not.toBeInTheDocument()
    }
    expect(screen.queryByRole('heading', { name: 'Budget vs Actual Spending' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Select Month')).toHaveValue('2026-06')
    expect(screen.getAllByTestId('breakdown-row')).toHaveLength(4)
  })

  it('shows the fallback when the analytics cannot be fetched', async () => {
    serve('error')
    renderWithProviders(<BudgetAnalyticsPage />)
    expect(await screen.findByText('Failed to fetch analytics data')).toBeInTheDocument()
  })
})
