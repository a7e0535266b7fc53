import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { IDBFactory } from 'fake-indexeddb'
import { delay, http, HttpResponse } from 'msw'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearOfflineData, closeOfflineDb } from '@/lib/offline/db'
import { readCopy } from '@/lib/offline/stored-copy'
import { makeAccount } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { apiUrl, server } from '@/test/server'
import { DashboardPage } from './dashboard-page'

const STAMP = /Showing figures from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./

function serveFigures() {
  server.use(...dashboardHandlers())
  server.use(
    http.get(apiUrl('/transactions/dashboard/summary'), () =>
      HttpResponse.json({
        success: true,
        data: { totalIncome: 2500, totalExpenses: 100, balance: 2400, transactionCount: 2, incomeCount: 1, expenseCount: 1 },
      }),
    ),
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({
        success: true,
        data: { accounts: [makeAccount({ name: 'Everyday Current' })], netWorth: 1000, totalAccounts: 1 },
      }),
    ),
  )
}

function renderDashboard() {
  return renderWithProviders(
    <DashboardPage userName="Olive" userId="" canConnectBank={false} onAddTransaction={vi.fn()} onCreateTransfer={vi.fn()} />,
    '/dashboard',
  )
}

/** No signal: the browser says offline and every call fails without an answer. */
function goOffline() {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
  server.use(http.all(apiUrl('/*'), () => HttpResponse.error()))
  window.dispatchEvent(new Event('offline'))
}

/** The dashboard seen once online, until the device has kept its figures. */
async function seenOnline() {
  serveFigures()
  const view = renderDashboard()
  await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
  expect(screen.queryByTestId('dashboard-offline-notice')).not.toBeInTheDocument()
  // Kept when the page is idle.
  await waitFor(async () => expect(await readCopy('dashboard-summary')).not.toBeNull(), { timeout: 5000 })
  await waitFor(async () => expect(await readCopy('dashboard-accounts')).not.toBeNull(), { timeout: 5000 })
  view.unmount()
}

beforeEach(async () => {
  await closeOfflineDb()
  globalThis.indexedDB = new IDBFactory()
})

afterEach(() => {
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('the dashboard without a connection', { timeout: 30_000 }, () => {
  it('shows the last figures kept on the device and says it is offline and from when', async () => {
    await seenOnline()
    goOffline()
    renderDashboard()
    const notice = await screen.findByTestId('dashboard-offline-notice')
    await waitFor(() => expect(notice).toHaveTextContent('You are offline.'))
    await waitFor(() => expect(notice).toHaveTextContent(STAMP))
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))
    expect(screen.getByTestId('tile-Net Worth')).toHaveTextContent('£1,000.00')
    expect(screen.getByText('Everyday Current')).toBeInTheDocument()
    // One notice, not also the offline load alert.
    expect(screen.queryByText('You appear to be offline. Check your connection and try again.')).not.toBeInTheDocument()
  })

  it('says so, and shows no figures, when the device has kept none (or they went with a logout)', async () => {
    await seenOnline()
    await clearOfflineData()
    goOffline()
    renderDashboard()
    expect(await screen.findByTestId('dashboard-offline-notice')).toHaveTextContent(
      'You are offline. No figures are kept on this device yet; they show once you are back online.',
    )
    expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('—')
  })

  it('online with the server unreachable, shows the kept figures as stale and Retry brings the live ones', async () => {
    await seenOnline()
    server.use(http.all(apiUrl('/*'), () => HttpResponse.error()))
    const { user } = renderDashboard()
    const notice = await screen.findByTestId('dashboard-offline-notice')
    await waitFor(() => expect(notice).toHaveTextContent('The server cannot be reached.'))
    expect(notice).toHaveTextContent(STAMP)
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))

    server.resetHandlers()
    serveFigures()
    server.use(
      http.get(apiUrl('/transactions/dashboard/summary'), () =>
        HttpResponse.json({
          success: true,
          data: { totalIncome: 3000, totalExpenses: 100, balance: 2900, transactionCount: 3, incomeCount: 2, expenseCount: 1 },
        }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£3,000.00'))
    await waitFor(() => expect(screen.queryByTestId('dashboard-offline-notice')).not.toBeInTheDocument())
  })

  it('started without signal (no offline event), shows the kept figures at once and the live ones when back', async () => {
    await seenOnline()
    // The browser says offline from the start; calls hang as they do without signal.
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false)
    server.use(http.all(apiUrl('/*'), async () => {
      await delay('infinite')
      return HttpResponse.error()
    }))
    renderDashboard()
    const notice = await screen.findByTestId('dashboard-offline-notice')
    await waitFor(() => expect(notice).toHaveTextContent(STAMP))
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£2,500.00'))

    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true)
    server.resetHandlers()
    serveFigures()
    server.use(
      http.get(apiUrl('/transactions/dashboard/summary'), () =>
        HttpResponse.json({
          success: true,
          data: { totalIncome: 3100, totalExpenses: 100, balance: 3000, transactionCount: 3, incomeCount: 2, expenseCount: 1 },
        }),
      ),
    )
    window.dispatchEvent(new Event('online'))
    await waitFor(() => expect(screen.getByTestId('tile-Total Income')).toHaveTextContent('£3,100.00'))
    await waitFor(() => expect(screen.queryByTestId('dashboard-offline-notice')).not.toBeInTheDocument())
  })
})
