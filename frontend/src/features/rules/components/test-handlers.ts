import { http, HttpResponse } from 'msw'
import { apiUrl } from '@/test/server'
import type { Rule } from '../api/types'

export function makeRule(overrides: Partial<Rule> = {}): Rule {
  return {
    _id: 'rule-tesco',
    position: 0,
    matchType: 'contains',
    pattern: 'TESCO',
    minAmount: null,
    maxAmount: null,
    accountId: null,
    accountName: null,
    categoryId: 'cat-groceries',
    categoryName: 'Groceries',
    rename: 'Tesco',
    markTransfer: false,
    tagIds: [],
    ...overrides,
  }
}

/**
 * The rules API as msw handlers over a state the test may read: the JSON bodies sent. The dry
 * run answers `wouldChange`; a real run answers the same count as updated.
 */
export function serveRules(options: { rules?: Rule[]; wouldChange?: number } = {}) {
  const state = {
    rules: options.rules ?? [],
    wouldChange: options.wouldChange ?? 3,
    sent: [] as { method: string; path: string; body: unknown }[],
  }
  const record = async (request: Request) => {
    const text = request.method === 'DELETE' ? '' : await request.text()
    const body = text ? JSON.parse(text) : undefined
    state.sent.push({ method: request.method, path: new URL(request.url).pathname, body })
    return body
  }
  const handlers = [
    http.get(apiUrl('/rules'), () => HttpResponse.json({ success: true, data: state.rules })),
    http.post(apiUrl('/rules/apply'), async ({ request }) => {
      const body = await record(request)
      const n = state.wouldChange
      return HttpResponse.json({
        success: true,
        data: { matched: n + 2, changed: n },
        message: body.dryRun ? `${n} transactions would change` : `${n} transactions updated`,
      })
    }),
    http.put(apiUrl('/rules/order'), async ({ request }) => {
      const body = await record(request)
      state.rules = (body.ids as string[]).map((id, position) => ({ ...state.rules.find((r) => r._id === id)!, position }))
      return HttpResponse.json({ success: true, data: state.rules })
    }),
    http.post(apiUrl('/rules'), async ({ request }) => {
      const body = await record(request)
      const rule = makeRule({ ...body, _id: `rule-${state.rules.length + 1}`, position: state.rules.length, categoryName: 'Groceries' })
      state.rules = [...state.rules, rule]
      return HttpResponse.json({ success: true, data: rule, message: 'Rule created successfully' }, { status: 201 })
    }),
    http.put(apiUrl('/rules/:id'), async ({ request, params }) => {
      const body = await record(request)
      state.rules = state.rules.map((r) => (r._id === params.id ? { ...r, ...body } : r))
      return HttpResponse.json({ success: true, data: state.rules.find((r) => r._id === params.id), message: 'Rule updated successfully' })
    }),
    http.delete(apiUrl('/rules/:id'), async ({ request, params }) => {
      await record(request)
      state.rules = state.rules.filter((r) => r._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Rule deleted successfully' })
    }),
  ]
  return { state, handlers }
}
