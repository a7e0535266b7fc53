import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeAccount, makeYearlyReport } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { TaxYearReport } from '../api/types'
import { ReportsPage } from './reports-page'

// 10 April 2026: the tax year 2026/27 has begun.
const NOW = () => new Date('2026-04-10T12:00:00Z')

function taxYear(start: number): TaxYearReport {
  const months = ['April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'January', 'February', 'March']
  return {
    period: { startDate: `${start}-04-06`, endDate: `${start + 1}-04-05`, label: `${start}/${String(start + 1).slice(2)}` },
    summary: {
      totalIncome: 500,
      totalExpenses: 60,
      netAmount: 440,
      totalTransactions: 4,
      incomeCount: 2,
      expenseCount: 2,
      transferLegCount: 0,
      openingBalance: 1100,
      closingBalance: 1540,
    },
    monthlyBreakdown: months.map((monthName, i) => {
      const month = ((i + 3) % 12) + 1
      const year = i < 9 ? start : start + 1
      const next = month === 12 ? 1 : month + 1
      const nextYear = month === 12 ? year + 1 : year
      const pad = (n: number) => String(n).padStart(2, '0')
      return {
        month,
        monthName,
        income: i === 0 ? 200 : i === 11 ? 300 : 0,
        expenses: i === 0 ? 50 : 0,
        net: i === 0 ? 150 : i === 11 ? 300 : 0,
        incomeCount: 0,
        expenseCount: 0,
        startDate: `${year}-${pad(month)}-06`,
        endDate: `${nextYear}-${pad(next)}-05`,
      }
    }),
    breakdown: { income: [], expenses: [] },
    selfAssessment: {
      income: [{ category: 'Freelance', total: 500 }],
      allowableExpenses: [{ category: 'Office costs', total: 50 }],
      totalIncome: 500,
      totalAllowableExpenses: 50,
      net: 450,
    },
  }
}

function serve(seen: string[]) {
  server.use(
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts: [makeAccount()], netWorth: 1000, totalAccounts: 1 } }),
    ),
    http.get(apiUrl('/reports/yearly'), () => HttpResponse.json({ success: true, data: makeYearlyReport() })),
    http.get(apiUrl('/reports/tax-year'), ({ request }) => {
      const year = Number(new URL(request.url).searchParams.get('year'))
      seen.push(String(year))
      return HttpResponse.json({ success: true, data: taxYear(year) })
    }),
  )
}

describe('Tax year view', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:report')
    URL.revokeObjectURL = vi.fn()
  })

  it('opens on the profile’s tax year with the Self Assessment table and twelve tax months, April first', async () => {
    const seen: string[] = []
    serve(seen)
    renderWithProviders(<ReportsPage now={NOW} preferredView="tax" />)
    const sa = await screen.findByRole('table', { name: 'Self Assessment for 2026/27' })
    expect(seen[0]).toBe('2026')
    expect(screen.getByRole('button', { name: 'Tax year' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Tax year')).toHaveValue('2026')
    const rows = within(sa).getAllByRole('row').map((r) => r.textContent)
    expect(rows).toEqual([
      'CategoryTotal',
      'Income for tax',
      'Freelance£500.00',
      'Total income for tax£500.00',
      'Allowable expenses',
      'Office costs£50.00',
      'Total allowable expenses£50.00',
      'Net (income less allowable expenses)+£450.00',
    ])
    const months = within(screen.getByRole('table', { name: 'Tax months of 2026/27' })).getAllByRole('row')
    expect(months).toHaveLength(13)
    expect(months[1]).toHaveTextContent('April06/04 – 05/05')
    expect(months[12]).toHaveTextContent('March06/03 – 05/04')
    expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£500.00')
  })

  it('switches between the calendar year and a chosen tax year, and downloads its PDF', async () => {
    const seen: string[] = []
    serve(seen)
    let asked: string | null = null
    server.use(
      http.get(apiUrl('/reports/monthly'), () => new HttpResponse(null, { status: 500 })),
      http.get(apiUrl('/reports/tax-year/pdf'), ({ request }) => {
        asked = new URL(request.url).search
        return new HttpResponse(new TextEncoder().encode('%PDF-1.7'), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="financial-report-all-accounts-tax-year-2025-26.pdf"',
          },
        })
      }),
    )
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { user, router } = renderWithProviders(<ReportsPage now={NOW} preferredView="calendar" />)
    expect(await screen.findByRole('button', { name: 'Calendar year' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('Month')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Tax year' }))
    await screen.findByRole('table', { name: 'Self Assessment for 2026/27' })
    expect(router.state.location.search).toBe('?view=tax')
    expect(within(screen.getByLabelText('Tax year')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '2026/27',
      '2025/26',
      '2024/25',
      '2023/24',
      '2022/23',
      '2021/22',
    ])
    await user.selectOptions(screen.getByLabelText('Tax year'), '2025')
    await screen.findByRole('table', { name: 'Self Assessment for 2025/26' })
    await waitFor(() => expect(seen).toContain('2025'))
    await user.click(screen.getByRole('button', { name: 'Download PDF' }))
    expect(await screen.findByText('Report downloaded successfully!')).toBeInTheDocument()
    expect(asked).toBe('?year=2025')
  })
})
