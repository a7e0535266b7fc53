import { http, HttpResponse } from 'msw'
import type { Account, Category } from '@/lib/api/types'
import { defaultCategories, makeAccount } from '@/test/fixtures'
import { apiUrl } from '@/test/server'
import type { MonthSummary, RecurringTemplate } from '../api/types'
import { makeMonthSummary, makeTemplate, makeTransferTemplate } from '../lib/test-fixtures'

export const testAccounts: Account[] = [
  makeAccount(),
  makeAccount({ _id: 'acc-savings', name: 'Rainy Day', type: 'savings' }),
  makeAccount({ _id: 'acc-card', name: 'Travel Card', type: 'credit_card', creditLimit: 2000 }),
]

type ServeOptions = {
  templates?: RecurringTemplate[]
  summary?: MonthSummary
  accounts?: Account[]
  categories?: Category[]
}

/**
 * The recurring API as msw handlers over a state the test may read: what was sent and how often
 * the list and summary were fetched. A test's own server.use() handlers take precedence.
 */
export function serveRecurring(options: ServeOptions = {}) {
  const state = {
    templates: options.templates ?? [],
    summary: options.summary ?? makeMonthSummary(),
    listCalls: 0,
    listQueries: [] as string[],
    summaryCalls: 0,
    sent: [] as { method: string; path: string; body: unknown }[],
  }
  const record = async (request: Request) => {
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.text()
    state.sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: body ? JSON.parse(body) : undefined,
    })
  }
  const accounts = options.accounts ?? testAccounts
  const categories = options.categories ?? defaultCategories
  const handlers = [
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts, netWorth: 0, totalAccounts: accounts.length } }),
    ),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: categories })),
    http.get(apiUrl('/recurring-transactions/summary/current-month'), () => {
      state.summaryCalls += 1
      return HttpResponse.json({ success: true, data: state.summary })
    }),
    http.get(apiUrl('/recurring-transactions'), ({ request }) => {
      state.listCalls += 1
      state.listQueries.push(new URL(request.url).search)
      return HttpResponse.json({ success: true, data: { recurringTransactions: state.templates } })
    }),
    http.post(apiUrl('/recurring-transactions/:id/process'), async ({ request, params }) => {
      await record(request)
      const t = state.templates.find((x) => x._id === params.id)!
      return HttpResponse.json({
        success: true,
        data: { template: t, date: t.nextDue, transactionIds: ['tx-new'] },
        message: 'Recurring transaction processed successfully',
      })
    }),
    http.patch(apiUrl('/recurring-transactions/:id/toggle-status'), async ({ request, params }) => {
      await record(request)
      state.templates = state.templates.map((t) => (t._id === params.id ? { ...t, isActive: !t.isActive } : t))
      const t = state.templates.find((x) => x._id === params.id)!
      return HttpResponse.json({
        success: true,
        data: t,
        message: t.isActive ? 'Recurring transaction activated' : 'Recurring transaction paused',
      })
    }),
    http.delete(apiUrl('/recurring-transactions/:id'), async ({ request, params }) => {
      await record(request)
      const last = state.templates.length === 1
      state.templates = last
        ? state.templates.map((t) => ({ ...t, isActive: false }))
        : state.templates.filter((t) => t._id !== params.id)
      return HttpResponse.json({
        success: true,
        action: last ? 'deactivated' : 'deleted',
        message: last ? 'Deactivated' : 'Deleted',
      })
    }),
    http.post(apiUrl('/recurring-transactions'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: makeTemplate(), message: 'Recurring transaction created successfully' }, { status: 201 })
    }),
    http.put(apiUrl('/recurring-transactions/:id'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: makeTemplate(), message: 'Recurring transaction updated successfully' })
    }),
    http.post(apiUrl('/recurring-transfers'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: makeTransferTemplate(), message: 'Recurring transfer created successfully' }, { status: 201 })
    }),
    http.put(apiUrl('/recurring-transfers/:id'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: makeTransferTemplate(), message: 'Recurring transfer updated successfully' })
    }),
    http.post(apiUrl('/recurring-snapshots/finalize'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, message: 'Month finalised successfully', data: {} })
    }),
  ]
  return { state, handlers }
}

export { wideScreenMatchMedia } from '@/test/media'
