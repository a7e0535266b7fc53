import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { serveBank } from '@/features/bank-linking/components/test-handlers'
import type { User } from '@/lib/api/types'
import { makeUser } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const superadmin = makeUser({ _id: 'admin', name: 'Ada Admin', role: 'superadmin', canConnectBank: false })

/** GET /auth/me answers with whatever `current.user` is at the time of the call. */
function serveMe(user: User) {
  const current = { user, calls: 0 }
  server.use(
    http.get(apiUrl('/auth/me'), () => {
      current.calls += 1
      return HttpResponse.json({ success: true, user: current.user })
    }),
  )
  return current
}

function sidebarLinks() {
  const nav = screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0]!
  return within(nav)
    .getAllByRole('link', { hidden: true })
    .map((l) => l.textContent)
}

describe('/users', () => {
  it('is in the sidebar, as User Management, for a superadmin only', async () => {
    server.use(http.get(apiUrl('/users'), () => HttpResponse.json({ success: true, data: [superadmin] })))
    serveMe(superadmin)
    const first = renderApp('/users', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'User Management', level: 1 })).toBeInTheDocument()
    expect(sidebarLinks()).toContain('User Management')
    expect(document.title).toBe('User Management · MySpending')
    first.unmount()

    server.use(...ledgerHandlers())
    serveMe(makeUser())
    renderApp('/accounts', { token: 'tok' })
    await screen.findByRole('heading', { name: 'Accounts', level: 1 })
    expect(sidebarLinks()).not.toContain('User Management')
  })

  it("tells a signed-in user who is not a superadmin 'Access denied' and loads nothing", async () => {
    // No handler for GET /users: the test server fails on any unexpected call.
    serveMe(makeUser())
    const { pathname } = renderApp('/users', { token: 'tok' })
    expect(await screen.findByText('Access denied. Superadmin privileges required.')).toBeInTheDocument()
    expect(pathname()).toBe('/users')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it("shows the superadmin the list with their own row's controls disabled", async () => {
    const uma = makeUser({ _id: 'uma', name: 'Uma User', email: 'uma@example.com' })
    server.use(
      http.get(apiUrl('/users'), () => HttpResponse.json({ success: true, data: [superadmin, uma] })),
    )
    serveMe(superadmin)
    renderApp('/users', { token: 'tok' })
    expect(await screen.findByRole('button', { name: 'Actions for Uma User' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Actions for Ada Admin' })).toBeDisabled()
  })
})

describe('Connect Bank on /accounts', () => {
  async function openAccounts(user: User) {
    server.use(...ledgerHandlers())
    const me = serveMe(user)
    const view = renderApp('/accounts', { token: 'tok' })
    await screen.findByText('Everyday Current')
    return { ...view, me }
  }

  it('is offered to a user granted bank access, and opens the Connect or Reconnect dialog', async () => {
    const { user } = await openAccounts(makeUser({ canConnectBank: true }))
    server.use(...serveBank().handlers)
    const button = await screen.findByRole('button', { name: 'Connect Bank' })
    expect(screen.getByRole('button', { name: 'Add Manually' })).toBeInTheDocument()
    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Connect or Reconnect Your Bank Account' })
    expect(await within(dialog).findByText('Demo Bank UK')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Connect or Reconnect Your Bank Account' })).not.toBeInTheDocument(),
    )
    expect(screen.getByText('Bank connection was cancelled')).toBeInTheDocument()
  })

  it('is offered to a superadmin whatever their flag says', async () => {
    await openAccounts(superadmin)
    expect(await screen.findByRole('button', { name: 'Connect Bank' })).toBeInTheDocument()
  })

  it('is switched off for a user without bank access, saying whom to ask', async () => {
    const { me } = await openAccounts(makeUser({ canConnectBank: false }))
    // The screen re-reads the user on opening; still no access.
    await waitFor(() => expect(me.calls).toBe(2))
    const button = screen.getByRole('button', { name: 'Connect Bank' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Ask your administrator to allow bank linking.')
  })

  it('appears without signing out once a superadmin grants access, on opening /accounts again', async () => {
    const { me, router } = await openAccounts(makeUser({ canConnectBank: false }))
    await waitFor(() => expect(me.calls).toBe(2))
    expect(screen.getByRole('button', { name: 'Connect Bank' })).toBeDisabled()

    await router.navigate('/categories')
    await screen.findByRole('heading', { name: 'Categories', level: 1 })
    me.user = makeUser({ canConnectBank: true })
    await router.navigate('/accounts')
    await waitFor(() => expect(me.calls).toBe(3))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connect Bank' })).toBeEnabled())
    expect(screen.queryByText('Ask your administrator to allow bank linking.')).not.toBeInTheDocument()
  })
})
