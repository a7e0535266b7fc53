import { http, HttpResponse } from 'msw'
import { apiUrl } from '@/test/server'
import type { Contribution, Goal, GoalsSummary } from '../api/types'
import { makeGoal, makeGoalsSummary } from '../lib/test-fixtures'

type ServeOptions = {
  goals?: Goal[]
  summary?: GoalsSummary
  /** Contributions by goal id. */
  contributions?: Record<string, Contribution[]>
}

/**
 * The goals API as msw handlers over a state the test may read: what was sent and the queries of
 * GET /goals. A test's own server.use() handlers take precedence.
 */
export function serveGoals(options: ServeOptions = {}) {
  const state = {
    goals: options.goals ?? [],
    summary: options.summary ?? makeGoalsSummary(),
    contributions: options.contributions ?? {},
    listQueries: [] as string[],
    contributionCalls: 0,
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
  const handlers = [
    http.get(apiUrl('/goals/dashboard/summary'), () => HttpResponse.json({ success: true, data: state.summary })),
    http.get(apiUrl('/goals'), ({ request }) => {
      state.listQueries.push(new URL(request.url).search)
      return HttpResponse.json({ success: true, data: state.goals })
    }),
    http.post(apiUrl('/goals'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: makeGoal(), message: 'Goal created successfully' }, { status: 201 })
    }),
    http.put(apiUrl('/goals/:id'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: makeGoal(), message: 'Goal updated successfully' })
    }),
    http.delete(apiUrl('/goals/:id'), async ({ request, params }) => {
      await record(request)
      state.goals = state.goals.filter((g) => g._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Goal deleted successfully' })
    }),
    http.get(apiUrl('/goals/:id/contributions'), ({ params }) => {
      state.contributionCalls += 1
      return HttpResponse.json({ success: true, data: state.contributions[params.id as string] ?? [] })
    }),
    http.post(apiUrl('/goals/:id/contributions'), async ({ request, params }) => {
      await record(request)
      const goal = state.goals.find((g) => g._id === params.id) ?? makeGoal()
      return HttpResponse.json(
        {
          success: true,
          data: { goal, contribution: { _id: 'c-new', goalId: goal._id } },
          message: 'Contribution added successfully',
        },
        { status: 201 },
      )
    }),
    http.delete(apiUrl('/goals/:id/contributions/:contributionId'), async ({ request, params }) => {
      await record(request)
      const id = params.id as string
      state.contributions[id] = (state.contributions[id] ?? []).filter((c) => c._id !== params.contributionId)
      const goal = state.goals.find((g) => g._id === id) ?? makeGoal()
      return HttpResponse.json({ success: true, data: goal, message: 'Contribution deleted successfully' })
    }),
  ]
  return { state, handlers }
}

export { wideScreenMatchMedia } from '@/test/media'
