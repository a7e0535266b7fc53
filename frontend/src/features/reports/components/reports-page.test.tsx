import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeAccount, makeYearlyReport } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { MonthlyReport, YearlyReport } from '../api/types'
import { ReportsPage } from './reports-page'

const NOW = () => new Date('2026-06-15T12:00:00Z')

function makeReport(overrides: Partial<MonthlyReport['summary']> = {}, transactions = true): MonthlyReport {
  return {
    period: { startDate: '2026-06-01', endDate: '2026-06-30', monthName: 'June', year: 2026, month: 6 },
    summary: {
      totalIncome: 2500,
      totalExpenses: 166.17,
      netAmount: 2333.83,
      totalTransactions: 3,
      incomeCount: 1,
      expenseCount: 2,
      transferLegCount: 0,
      openingBalance: 1000,
      closingBalance: 3333.83,
      ...overrides,
    },
    breakdown: {
      income: transactions ? [{ category: { name: 'Salary', color: '#009688' }, total: 2500, percentage: 100, count: 1 }] : [],
      expenses: transactions
        ? [
            { category: { name: 'Groceries', color: '#4CAF50' }, total: 120.5, percentage: 72.5, count: 1 },
            { category: { name: 'Travel', color: '#03A9F4' }, total: 45.67, percentage: 27.5, count: 1 },
          ]
        : [],
    },
    transactions: transactions
      ? [
          { date: '2026-06-02', description: 'June pay', category: 'Salary', account: 'Everyday Current', amount: 2500, type: 'income', isTransfer: false },
          { date: '2026-06-03', description: 'Weekly shop', category: 'Groceries', account: 'Everyday Current', amount: -120.5, type: 'expense', isTransfer: false },
          { date: '2026-06-04', description: 'To savings', category: null, account: 'Everyday Current', amount: -300, type: 'expense', isTransfer: true },
        ]
      : [],
    comparison: { previousMonth: transactions ? comparison : [], sameMonthLastYear: [] },
    largestChanges: transactions ? comparison : [],
    tags: [],
  }
}

const comparison: MonthlyReport['largestChanges'] = [
  { categoryId: 'c-g', name: 'Groceries', thisMonth: 120.5, then: 80, change: 40.5, changePercent: 50.6 },
  { categoryId: 'c-t', name: 'Travel', thisMonth: 45.67, then: 0, change: 45.67, changePercent: null },
]

const emptyYear: YearlyReport = makeYearlyReport()

function serve(report: MonthlyReport | 'error', seen: string[] = []) {
  server.use(
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts: [makeAccount()], netWorth: 1000, totalAccounts: 1 } }),
    ),
    http.get(apiUrl('/reports/monthly'), ({ request }) => {
      seen.push(new URL(request.url).search)
      return report === 'error'
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({ success: true, data: report })
    }),
    http.get(apiUrl('/reports/yearly'), () => HttpResponse.json({ success: true, data: emptyYear })),
    http.get(apiUrl('/reports/net-worth'), () => HttpResponse.json({ success: true, data: [] })),
  )
}

describe('ReportsPage', () => {
  it('asks for this London month and shows the totals with counts and a Surplus', async () => {
    const seen: string[] = []
    serve(makeReport(), seen)
    renderWithProviders(<ReportsPage now={NOW} />)
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    expect(seen[0]).toBe('?year=2026&month=6')
    expect(screen.getByLabelText('Year')).toHaveValue('2026')
    expect(within(screen.getByLabelText('Year')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '2026',
      '2025',
      '2024',
      '2023',
      '2022',
    ])
    expect(screen.getByLabelText('Month')).toHaveValue('6')
    expect(screen.getByLabelText('Account')).toHaveValue('')
    expect(screen.getByText('1 transaction')).toBeInTheDocument()
    expect(screen.getByTestId('tile-Total Expenses')).toHaveTextContent('£166.17')
    expect(screen.getByText('2 transactions')).toBeInTheDocument()
    expect(screen.getByTestId('tile-Net Amount')).toHaveTextContent('+£2,333.83')
    expect(screen.getByTestId('tile-badge-Net Amount')).toHaveTextContent('Surplus')
    expect(screen.getByTestId('tile-Total Transactions')).toHaveTextContent('3')

    const expenses = screen.getByRole('table', { name: 'Expenses by Category' })
    expect(within(expenses).getAllByRole('row')[1]).toHaveTextContent('Groceries£120.5072.5%')
    const cards = screen.getAllByTestId('report-transaction')
    expect(cards).toHaveLength(3)
    expect(cards[2]).toHaveTextContent('04/06/2026 · Transfer · Everyday Current')
    expect(cards[2]).toHaveTextContent('-£300.00')
  })

  it('labels a negative net amount a Deficit', async () => {
    serve(makeReport({ totalIncome: 10, totalExpenses: 10.01, netAmount: -0.01 }))
    renderWithProviders(<ReportsPage now={NOW} />)
    await waitFor(() => expect(screen.getByTestId('tile-badge-Net Amount')).toHaveTextContent('Deficit'))
    expect(screen.getByTestId('tile-Net Amount')).toHaveTextContent('-£0.01')
  })

  it('says so when the month has no transactions', async () => {
    serve(makeReport({ totalIncome: 0, totalExpenses: 0, netAmount: 0, totalTransactions: 0, incomeCount: 0, expenseCount: 0 }, false))
    renderWithProviders(<ReportsPage now={NOW} />, '/reports?year=2025&month=2')
    expect(await screen.findByText('No transactions found for February 2025')).toBeInTheDocument()
    expect(screen.getByText('No income in February 2025')).toBeInTheDocument()
    expect(await screen.findByText('No income or expenses in 2025')).toBeInTheDocument()
    // A month without activity is neither a surplus nor a deficit.
    expect(screen.getByTestId('tile-Net Amount')).toHaveTextContent(/^£0\.00$/)
    expect(screen.queryByTestId('tile-badge-Net Amount')).not.toBeInTheDocument()
    expect(screen.queryByText(/Surplus|Deficit/)).not.toBeInTheDocument()
  })

  it('labels a month whose income equals its expenses neither Surplus nor Deficit', async () => {
    serve(makeReport({ totalIncome: 166.17, totalExpenses: 166.17, netAmount: 0 }))
    renderWithProviders(<ReportsPage now={NOW} />)
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£166.17'))
    expect(screen.getByTestId('tile-Net Amount')).toHaveTextContent(/^£0\.00$/)
    expect(screen.queryByTestId('tile-badge-Net Amount')).not.toBeInTheDocument()
    expect(screen.queryByText(/Surplus|Deficit/)).not.toBeInTheDocument()
  })

  it("lists an account whose name already says its type once in the account filter", async () => {
    serve(makeReport())
    server.use(
      http.get(apiUrl('/accounts'), () =>
        HttpResponse.json({
          success: true,
          data: {
            accounts: [makeAccount({ name: 'Current Account' }), makeAccount({ _id: 'a2', name: 'Rainy Day', type: 'savings' })],
            netWorth: 2000,
            totalAccounts: 2,
          },
        }),
      ),
    )
    renderWithProviders(<ReportsPage now={NOW} />)
    const picker = screen.getByLabelText('Account')
    await within(picker).findByRole('option', { name: 'Rainy Day (Savings Account)' })
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Accounts',
      'Current Account',
      'Rainy Day (Savings Account)',
    ])
  })

  it('refetches for the chosen month and account', async () => {
    const seen: string[] = []
    serve(makeReport(), seen)
    const { user } = renderWithProviders(<ReportsPage now={NOW} />)
    await screen.findByTestId('tile-Total Income')
    await user.selectOptions(screen.getByLabelText('Month'), 'March')
    await user.selectOptions(screen.getByLabelText('Account'), 'Everyday Current (Current Account)')
    await waitFor(() => expect(seen).toContain('?year=2026&month=3&accountId=acc-current'))
  })

  it("shows the selected year's totals under its chart", async () => {
    serve(makeReport())
    const months = Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      monthName: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][i]!,
      income: i === 5 ? 2500 : 0,
      expenses: i === 5 ? 166.17 : i === 4 ? 0.1 : 0,
      net: i === 5 ? 2333.83 : i === 4 ? -0.1 : 0,
      incomeCount: i === 5 ? 1 : 0,
      expenseCount: i === 5 ? 2 : i === 4 ? 1 : 0,
    }))
    server.use(
      http.get(apiUrl('/reports/yearly'), () =>
        HttpResponse.json({
          success: true,
          data: {
            ...emptyYear,
            months,
            total: { month: 0, monthName: '', income: 2500, expenses: 166.27, net: 2333.73, incomeCount: 1, expenseCount: 3 },
          },
        }),
      ),
    )
    renderWithProviders(<ReportsPage now={NOW} />)
    expect(await screen.findByRole('heading', { name: 'Yearly Overview 2026' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('year-income')).toHaveTextContent('£2,500.00'))
    expect(screen.getByTestId('year-expenses')).toHaveTextContent('£166.27')
    expect(screen.getByTestId('year-net')).toHaveTextContent('+£2,333.73')
    expect(screen.queryByText('No income or expenses in 2026')).not.toBeInTheDocument()
  })

  it('shows the whole year: its totals, breakdowns and months, a month opening its own report', async () => {
    const seen: string[] = []
    const yearSeen: string[] = []
    serve(makeReport(), seen)
    const year = makeYearlyReport({
      summary: { ...makeReport().summary, totalIncome: 30000, totalExpenses: 24000.5, netAmount: 5999.5, incomeCount: 12, expenseCount: 340, totalTransactions: 352, openingBalance: 800, closingBalance: 6799.5 },
      breakdown: { income: [{ category: { name: 'Salary', color: '#009688' }, total: 30000, percentage: 100, count: 12 }], expenses: [] },
    })
    year.months[2] = { ...year.months[2]!, income: 2500, expenses: 2700.25, net: -200.25, incomeCount: 1, expenseCount: 30 }
    server.use(
      http.get(apiUrl('/reports/yearly'), ({ request }) => {
        yearSeen.push(new URL(request.url).search)
        return HttpResponse.json({ success: true, data: year })
      }),
    )
    const { user } = renderWithProviders(<ReportsPage now={NOW} />, '/reports?account=acc-current')
    await screen.findByTestId('tile-Total Income')
    await user.selectOptions(screen.getByLabelText('Month'), 'Whole Year')
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£30,000.00'))
    expect(yearSeen).toContain('?year=2026&accountId=acc-current')
    expect(screen.getByTestId('tile-Total Expenses')).toHaveTextContent('£24,000.50')
    expect(screen.getByText('340 transactions')).toBeInTheDocument()
    expect(screen.getByTestId('tile-Net Amount')).toHaveTextContent('+£5,999.50')
    expect(screen.getByText('Balance £800.00 → £6,799.50')).toBeInTheDocument()
    expect(screen.getByText('No expenses in 2026')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Transactions' })).not.toBeInTheDocument()
    const months = screen.getByRole('table', { name: 'Month by month in 2026' })
    expect(within(months).getAllByRole('row')).toHaveLength(13)
    expect(within(months).getAllByRole('row')[3]).toHaveTextContent(/^March(Mar)?£2,500\.00£2,700\.25-£200\.25$/)

    const monthlyCalls = seen.length
    await user.click(within(months).getByRole('button', { name: 'Open the report of March 2026' }))
    await waitFor(() => expect(seen.slice(monthlyCalls)).toContain('?year=2026&month=3&accountId=acc-current'))
    expect(screen.getByLabelText('Month')).toHaveValue('3')
  })

  it('shows the fallback when the report cannot be fetched', async () => {
    serve('error')
    renderWithProviders(<ReportsPage now={NOW} />)
    expect(await screen.findByText('Failed to fetch report data')).toBeInTheDocument()
  })

  it("shows the whole year's net worth at each month end, asking from that January up to this month", async () => {
    serve(makeReport())
    const asked: string[] = []
    server.use(
      http.get(apiUrl('/reports/net-worth'), ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json({
          success: true,
          data: [
            { month: '2024-12', date: '2024-12-31', assets: 900, liabilities: 0, netWorth: 900 },
            { month: '2025-01', date: '2025-01-31', assets: 1000, liabilities: 100, netWorth: 900 },
            { month: '2025-02', date: '2025-02-28', assets: 1200, liabilities: 100, netWorth: 1100 },
          ],
        })
      }),
    )
    renderWithProviders(<ReportsPage now={NOW} />, '/reports?year=2025&month=all')
    const table = await screen.findByRole('table', { name: 'Net worth at each month end of 2025' }, { timeout: 10_000 })
    expect(asked).toEqual(['?months=18'])
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'MonthNet worthAssetsLiabilities',
      'Jan 25£900.00£1,000.00£100.00',
      'Feb 25£1,100.00£1,200.00£100.00',
    ])
  })

  it('compares the month with the last and calls out the largest changes', async () => {
    serve(makeReport())
    const { user } = renderWithProviders(<ReportsPage now={NOW} />)
    const callouts = await screen.findByRole('list', { name: 'Largest changes since last month' })
    expect(within(callouts).getAllByRole('listitem').map((i) => i.textContent)).toEqual([
      'Groceries+£40.50+50.6%',
      'Travel+£45.67new',
    ])
    const table = screen.getByRole('table', { name: 'Spending in June 2026 against last month' })
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Groceries£120.50£80.00+£40.50 (+50.6%)')
    await user.click(screen.getByRole('button', { name: 'Same month last year' }))
    expect(screen.getByText('No spending to compare')).toBeInTheDocument()
  })

  describe('Download PDF', () => {
    let clicked: { download: string; href: string }[]
    beforeEach(() => {
      clicked = []
      URL.createObjectURL = vi.fn(() => 'blob:report')
      URL.revokeObjectURL = vi.fn()
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ download: this.download, href: this.href })
      })
    })
    afterEach(() => vi.useRealTimers())

    it('saves the PDF under the server file name and says so', async () => {
      let auth: string | null = null
      serve(makeReport())
      server.use(
        http.get(apiUrl('/reports/monthly/pdf'), ({ request }) => {
          auth = request.headers.get('Authorization')
          return new HttpResponse(new TextEncoder().encode('%PDF-1.7 test'), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="financial-report-all-accounts-June-2026.pdf"',
            },
          })
        }),
      )
      window.localStorage.setItem('auth-storage', JSON.stringify({ token: 'tok' }))
      const { user } = renderWithProviders(<ReportsPage now={NOW} />)
      await screen.findByTestId('tile-Total Income')
      await user.click(screen.getByRole('button', { name: 'Download PDF' }))
      expect(await screen.findByText('Report downloaded successfully!')).toBeInTheDocument()
      expect(clicked).toEqual([{ download: 'financial-report-all-accounts-June-2026.pdf', href: 'blob:report' }])
      expect(auth).toBe('Bearer tok')
    })

    it("downloads the whole year's PDF when the whole year is shown", async () => {
      const asked: string[] = []
      serve(makeReport())
      server.use(
        http.get(apiUrl('/reports/yearly/pdf'), ({ request }) => {
          asked.push(new URL(request.url).search)
          return new HttpResponse(new TextEncoder().encode('%PDF-1.7 test'), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="financial-report-all-accounts-2025.pdf"',
            },
          })
        }),
      )
      const { user } = renderWithProviders(<ReportsPage now={NOW} />, '/reports?year=2025&month=all')
      await screen.findByRole('table', { name: 'Month by month in 2025' })
      await user.click(screen.getByRole('button', { name: 'Download PDF' }))
      expect(await screen.findByText('Report downloaded successfully!')).toBeInTheDocument()
      expect(asked).toEqual(['?year=2025'])
      expect(clicked).toEqual([{ download: 'financial-report-all-accounts-2025.pdf', href: 'blob:report' }])
    })

    it('shows the notice and the page error when generation fails, and hides the notice after 6 s', async () => {
      serve(makeReport())
      server.use(
        http.get(apiUrl('/reports/monthly/pdf'), () =>
          HttpResponse.json({ success: false, message: 'Renderer unavailable' }, { status: 500 }),
        ),
      )
      const { user } = renderWithProviders(<ReportsPage now={NOW} />)
      await screen.findByTestId('tile-Total Income')
      vi.useFakeTimers({ shouldAdvanceTime: true })
      await user.click(screen.getByRole('button', { name: 'Download PDF' }))
      expect(await screen.findByText('PDF generation error: Renderer unavailable')).toBeInTheDocument()
      expect(screen.getByText('Failed to generate PDF. Please try again.')).toBeInTheDocument()
      expect(clicked).toEqual([])
      await vi.advanceTimersByTimeAsync(6100)
      await waitFor(() =>
        expect(screen.queryByText('PDF generation error: Renderer unavailable')).not.toBeInTheDocument(),
      )
      expect(screen.getByText('Failed to generate PDF. Please try again.')).toBeInTheDocument()
    })
  })
})
