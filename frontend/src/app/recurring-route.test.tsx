import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { serveRecurring } from '@/features/recurring/components/test-handlers'
import { makeTemplate } from '@/features/recurring/lib/test-fixtures'
import type { User } from '@/lib/api/types'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { NAV_ITEMS } from './nav-items'

function signedInAs(user: Partial<User> = {}) {
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser(user) })),
    ...serveRecurring({ templates: [makeTemplate()] }).handlers,
  )
}

describe('the recurring route', () => {
  it('sends the old /recurring-transactions address to /recurring', async () => {
    signedInAs()
    const { pathname } = renderApp('/recurring-transactions', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Recurring Transactions', level: 1 })).toBeInTheDocument()
    expect(pathname()).toBe('/recurring')
  })

  it('sits in the menu after Budgets and before Reports, in the spec order', async () => {
    expect(NAV_ITEMS.map((item) => item.path)).toEqual([
      '/dashboard',
      '/transactions',
      '/accounts',
      '/categories',
      '/tags',
      '/budgets',
      '/inventory',
      '/shopping-list',
      '/goals',
      '/recurring',
      '/reports',
      '/users',
    ])
    signedInAs()
    renderApp('/recurring', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Recurring Transactions', level: 1 })
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0]!
    expect(within(nav).getByRole('link', { name: 'Recurring', hidden: true })).toHaveAttribute('href', '/recurring')
  })

  it.each([
    ['a user without the permission', false, {}],
    ['a user granted canFinalizeMonth', true, { canFinalizeMonth: true }],
    ['a superadmin', true, { role: 'superadmin' as const }],
  ])('for %s, Finalise Month shown: %s', async (_who, shown, user) => {
    signedInAs(user)
    renderApp('/recurring', { token: 'tok' })
    await screen.findByRole('group', { name: 'Netflix template' })
    expect(!!screen.queryByRole('button', { name: 'Finalise Month' })).toBe(shown)
  })
})
