import { http, HttpResponse } from 'msw'
import type { GoalsSummary } from '@/features/dashboard/api/get-goals-summary'
import type { ChartSlice, DashboardSummary } from '@/features/dashboard/api/types'
import type { Account } from '@/lib/api/types'
import { apiUrl } from './server'

const emptyMonth: DashboardSummary = {
  totalIncome: 0,
  totalExpenses: 0,
  balance: 0,
  transactionCount: 0,
  incomeCount: 0,
  expenseCount: 0,
}
const noGoals: GoalsSummary = {
  totalGoals: 0,
  activeGoals: 0,
  completedGoals: 0,
  overallProgress: 0,
  totalSavedAmount: 0,
  totalTargetAmount: 0,
  nearestGoal: null,
}

/**
 * The calls the dashboard makes on opening, answered for a new user (an empty
 * month, no chart data, no accounts, no goals, an empty shopping list), for tests that land on /dashboard
 * without testing it. A test's own handlers (server.use) take precedence.
 */
export function dashboardHandlers() {
  const accounts: Account[] = []
  const slices: ChartSlice[] = []
  return [
    http.get(apiUrl('/transactions/dashboard/summary'), () =>
      HttpResponse.json({ success: true, data: emptyMonth }),
    ),
    http.get(apiUrl('/transactions/dashboard/chart-data'), () =>
      HttpResponse.json({ success: true, data: slices }),
    ),
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts, netWorth: 0, totalAccounts: 0 } }),
    ),
    http.get(apiUrl('/goals/dashboard/summary'), () => HttpResponse.json({ success: true, data: noGoals })),
    http.get(apiUrl('/shopping-list'), () => HttpResponse.json({ success: true, data: [] })),
    // The banner of invitations to other households (none).
    http.get(apiUrl('/household/invitations/pending'), () => HttpResponse.json({ success: true, data: [] })),
    // The net worth chart below the fold (no accounts: nothing to draw).
    http.get(apiUrl('/reports/net-worth'), () => HttpResponse.json({ success: true, data: [] })),
    // The getting-started card's look at the ledger (one row), the budgets and the banks. A list
    // query of any other shape is left to the test's own handlers.
    http.get(apiUrl('/transactions'), ({ request }) => {
      if (new URL(request.url).searchParams.get('limit') !== '1') return undefined
      return HttpResponse.json({
        success: true,
        transactions: [],
        pagination: { current: 1, pages: 0, total: 0, limit: 1 },
        summary: { totalIncome: 0, totalExpenses: 0, netAmount: 0, transactionCount: 0 },
      })
    }),
    http.get(apiUrl('/budgets'), () =>
      HttpResponse.json({ success: true, data: { budgets: [], monthInfo: { year: 2026, month: 1, monthName: 'January' } } }),
    ),
    http.get(apiUrl('/plaid/items'), () => HttpResponse.json({ success: true, data: [] })),
  ]
}
