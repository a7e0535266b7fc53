import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeAccount } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { DashboardPage } from './dashboard-page'

describe('dashboard load errors', () => {
  // Its waits allow for a loaded machine (the whole suite on two cores), and so does its own limit.
  it('shows one alert for the summary and the chart, keeps the accounts, and Retry refetches both', async () => {
    let summaryCalls = 0
    let chartCalls = 0
    server.use(
      http.get(apiUrl('/transactions/dashboard/summary'), () => {
        summaryCalls += 1
        return summaryCalls === 1
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({
              success: true,
              data: { totalIncome: 2500, totalExpenses: 100, balance: 2400, transactionCount: 2 },
            })
      }),
      http.get(apiUrl('/transactions/dashboard/chart-data'), () => {
        chartCalls += 1
        return chartCalls === 1
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ success: true, data: [] })
      }),
      http.get(apiUrl('/accounts'), () =>
        HttpResponse.json({
          success: true,
          data: { accounts: [makeAccount({ name: 'Everyday Current' })], netWorth: 1000, totalAccounts: 1 },
        }),
      ),
      // The goals card's failure is not the page's alert: it says so in the card.
      http.get(apiUrl('/goals/dashboard/summary'), () => new HttpResponse(null, { status: 500 })),
      // Nor is the running-low tile's.
      http.get(apiUrl('/shopping-list'), () => new HttpResponse(null, { status: 500 })),
    )
    const { user } = renderWithProviders(
      <DashboardPage userName="Alice" userId="" canConnectBank={false} onAddTransaction={vi.fn()} onCreateTransfer={vi.fn()} />,
    )

    expect(await screen.findByText('Failed to fetch dashboard summary')).toBeInTheDocument()
    await waitFor(() => expect(chartCalls).toBe(1))
    expect(screen.getAllByRole('alert')).toHaveLength(1)
    expect(screen.queryByText('Failed to load spending data')).not.toBeInTheDocument()
    expect(await screen.findByText('Everyday Current')).toBeInTheDocument()
    // Each below-the-fold card comes in its own turn after the first paint, then loads.
    expect(await screen.findByText('Goals are unavailable right now', {}, { timeout: 5_000 })).toBeInTheDocument()
    expect(await screen.findByText('Inventory is unavailable right now', {}, { timeout: 5_000 })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    expect(await screen.findByText('No expense data available')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(summaryCalls).toBe(2)
    expect(chartCalls).toBe(2)
  }, 15_000)
})
