import { expect } from 'vitest'
import { http, HttpResponse } from 'msw'
import type { components } from '@/lib/api/schema'
import type { HouseholdAccess } from '@/lib/household-access'
import { apiUrl, server } from './server'

type Member = components['schemas']['MemberDto']
type Role = Member['role']

/** The default test user (fixtures' makeUser: 'u1', Alice Smith) as a member with `role`. */
export function alice(role: Role): Member {
  return { _id: 'u1', name: 'Alice Smith', email: 'alice@example.com', role, joinedAt: '2026-01-15T10:00:00.000Z' }
}

/** Another member, Jane Doe ('u-jane'), the household's owner unless said. */
export function jane(role: Role = 'owner'): Member {
  return { _id: 'u-jane', name: 'Jane Doe', email: 'jane@example.com', role, joinedAt: '2026-01-10T10:00:00.000Z' }
}

/**
 * Answers GET /household with these members (the first is listed first, as the owner is), in
 * place of the default household of Alice alone.
 */
export function serveHousehold(...members: Member[]) {
  server.use(
    http.get(apiUrl('/household'), () =>
      HttpResponse.json({ success: true, data: { _id: 'h-1', name: "Jane Doe's household", members } }),
    ),
  )
}

/** The signed-in user (Alice) is a viewer in Jane's household. */
export const asViewer = () => serveHousehold(jane(), alice('viewer'))
/** The signed-in user (Alice) is a member of Jane's household. */
export const asMember = () => serveHousehold(jane(), alice('member'))

/** For renderWithProviders: a viewer's screen (Jane owns the household; Alice views it). */
export const VIEWER: HouseholdAccess = { canWrite: false, members: [jane(), alice('viewer')] }
/** For renderWithProviders: a member's screen in a household of two. */
export const MEMBER: HouseholdAccess = { canWrite: true, members: [jane(), alice('member')] }
/** For renderWithProviders: a household of one (Alice, its owner). */
export const ALONE: HouseholdAccess = { canWrite: true, members: [alice('owner')] }

/** What every disabled control of a viewer says. */
export const READ_ONLY = 'Viewers cannot make changes'

/**
 * A control a viewer cannot use: disabled, saying why (its title, read as its description, after
 * any description it had).
 */
export function expectReadOnly(control: HTMLElement) {
  expect(control).toBeDisabled()
  expect(control).toHaveAttribute('title', READ_ONLY)
  expect(control).toHaveAccessibleDescription(new RegExp(`(^| )${READ_ONLY}$`))
}
