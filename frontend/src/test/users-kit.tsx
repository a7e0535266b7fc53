/** The users screen's test kit: three users, a GET /users the test can change, and the page. */
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { expect, vi } from 'vitest'
import type { User } from '@/lib/api/types'
import { UsersPage } from '@/features/users/components/users-page'
import { makeUser } from './fixtures'
import { wideScreenMatchMedia } from './media'
import { renderWithProviders } from './render'
import { apiUrl, server } from './server'

export const admin = makeUser({
  _id: 'admin',
  name: 'Ada Admin',
  email: 'admin@example.com',
  role: 'superadmin',
  canConnectBank: true,
  canFinalizeMonth: true,
  createdAt: '2026-01-02T09:00:00.000Z',
})
export const uma = makeUser({
  _id: 'uma',
  name: 'Uma User',
  email: 'uma@example.com',
  isVerified: false,
  createdAt: '2026-03-05T12:00:00.000Z',
})
export const dan = makeUser({
  _id: 'dan',
  name: 'Dan Disabled',
  email: 'dan@example.com',
  isActive: false,
  canConnectBank: true,
  createdAt: '2026-04-20T12:00:00.000Z',
})

/** Serves GET /users from a list the test may change; counts the calls. */
export function serveUsers(initial: User[]) {
  const state = { users: initial, calls: 0 }
  server.use(
    http.get(apiUrl('/users'), () => {
      state.calls += 1
      return HttpResponse.json({
        success: true,
        data: state.users,
        pagination: { current: 1, pages: 1, total: state.users.length, limit: 20 },
      })
    }),
  )
  return state
}

/** Makes every min-width media query match, so the page renders its table. */
export function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
}


export function renderPage() {
  return renderWithProviders(<UsersPage currentUserId="admin" />)
}

export function rowOf(name: string) {
  return screen.getAllByTestId('user-row').find((r) => within(r).queryByText(name))!
}

export function cardOf(name: string) {
  return screen.getAllByTestId('user-card').find((c) => within(c).queryByText(name))!
}

export type UserEventApi = ReturnType<typeof renderPage>['user']

/**
 * Opens a user's menu and picks an entry with the keyboard (zag.js highlights
 * under the pointer only in its pointer modality, which jsdom does not keep).
 */
export async function chooseAction(user: UserEventApi, name: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }))
  const entry = await screen.findByRole('menuitem', { name: item })
  for (let i = 0; i < 6 && !entry.hasAttribute('data-highlighted'); i++) await user.keyboard('{ArrowDown}')
  expect(entry).toHaveAttribute('data-highlighted')
  // Each arrow key also focuses the menu a frame later: that frame passes before Enter, or it
  // would take the focus back from the confirmation Enter opens (no person types that fast).
  await new Promise((resolve) => setTimeout(resolve, 50))
  await user.keyboard('{Enter}')
}

