/** The household screens' test kit: a household, its invitations and the calls that change them. */
import { http, HttpResponse } from 'msw'
import type { ErrorResponse } from '@/lib/api/types'
import { apiUrl, server } from '@/test/server'
import type { Household } from '../api/household'
import type { Invitation, PendingInvitation } from '../api/types'

export const jane = {
  _id: 'u-jane',
  name: 'Jane Doe',
  email: 'jane@example.com',
  role: 'owner',
  joinedAt: '2026-01-15T10:00:00Z',
} as const
export const john = {
  _id: 'u-john',
  name: 'John Doe',
  email: 'john@example.com',
  role: 'viewer',
  joinedAt: '2026-03-02T10:00:00Z',
} as const

export const household: Household = { _id: 'h-1', name: "Jane Doe's household", members: [jane, john] }

export function makeInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    _id: 'inv-1',
    email: 'sam@example.com',
    role: 'member',
    status: 'pending',
    createdAt: '2026-11-20T10:00:00Z',
    expiresAt: '2026-11-27T10:00:00Z',
    invitedBy: { _id: jane._id, name: jane.name },
    ...overrides,
  }
}

export function makePendingInvitation(overrides: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    _id: 'inv-9',
    householdName: 'The Smiths',
    role: 'member',
    invitedBy: { _id: 'u-ann', name: 'Ann Smith' },
    createdAt: '2026-11-20T10:00:00Z',
    expiresAt: '2026-11-27T10:00:00Z',
    ...overrides,
  }
}

/** A `{success:false, code, message}` answer. */
export function refusal(status: number, code: ErrorResponse['code'], message: string) {
  return HttpResponse.json({ success: false, code, message } satisfies ErrorResponse, { status })
}

type Call = { method: string; path: string; body: unknown }

/**
 * Serves the household screen's calls from state the calls change, and records the writes. The
 * owner's calls answer as the server does: a role change or removal gives the household back.
 */
export function serveHousehold(initial: { household?: Household; invitations?: Invitation[] } = {}) {
  const state = {
    household: initial.household ?? household,
    invitations: initial.invitations ?? [makeInvitation()],
    calls: [] as Call[],
  }
  const record = async (request: Request, path: string) => {
    const text = await request.text()
    state.calls.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined })
  }
  server.use(
    http.get(apiUrl('/household'), () => HttpResponse.json({ success: true, data: state.household })),
    http.get(apiUrl('/household/invitations'), () => HttpResponse.json({ success: true, data: state.invitations })),
    http.post(apiUrl('/household/invitations'), async ({ request }) => {
      await record(request, '/household/invitations')
      const { email, role } = state.calls.at(-1)!.body as { email: string; role: 'member' | 'viewer' }
      const invitation = makeInvitation({ _id: `inv-${state.invitations.length + 1}`, email, role })
      state.invitations = [invitation, ...state.invitations.filter((i) => i.email !== email)]
      return HttpResponse.json({ success: true, data: invitation }, { status: 201 })
    }),
    http.delete(apiUrl('/household/invitations/:id'), async ({ request, params }) => {
      await record(request, `/household/invitations/${params.id as string}`)
      state.invitations = state.invitations.filter((i) => i._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Invitation revoked' })
    }),
    http.put(apiUrl('/household/members/:userId'), async ({ request, params }) => {
      await record(request, `/household/members/${params.userId as string}`)
      const { role } = state.calls.at(-1)!.body as { role: 'owner' | 'member' | 'viewer' }
      state.household = {
        ...state.household,
        members: state.household.members.map((m) =>
          m._id === params.userId ? { ...m, role } : role === 'owner' && m.role === 'owner' ? { ...m, role: 'member' } : m,
        ),
      }
      return HttpResponse.json({ success: true, data: state.household })
    }),
    http.delete(apiUrl('/household/members/:userId'), async ({ request, params }) => {
      await record(request, `/household/members/${params.userId as string}`)
      state.household = { ...state.household, members: state.household.members.filter((m) => m._id !== params.userId) }
      return HttpResponse.json({ success: true, data: state.household })
    }),
    http.post(apiUrl('/household/leave'), async ({ request }) => {
      await record(request, '/household/leave')
      const me = state.household.members.find((m) => m._id === john._id)!
      state.household = { _id: 'h-john', name: "John Doe's household", members: [{ ...me, role: 'owner' }] }
      return HttpResponse.json({ success: true, data: state.household })
    }),
  )
  return state
}
