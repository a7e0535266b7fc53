import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeAccount, makeUser } from '@/test/fixtures'
import { asMember, asViewer, READ_ONLY } from '@/test/household-handlers'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

function serveDashboard() {
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
    ...dashboardHandlers(),
    // The transaction form's choices.
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts: [makeAccount()], netWorth: 1000, totalAccounts: 1 } }),
    ),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: [] })),
  )
}

describe("the dashboard's Add for a viewer", () => {
  it('opens the transaction form with the reason, its Add Transaction disabled', async () => {
    asViewer()
    serveDashboard()
    const { user } = renderApp('/dashboard', { token: 'tok' })
    // The phone's floating button (its page cannot know the household without growing the first load).
    await user.click(await screen.findByRole('button', { name: 'Add transaction' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Transaction' })
    const submit = await within(dialog).findByRole('button', { name: 'Add Transaction' })
    await waitFor(() => expect(submit).toBeDisabled())
    expect(submit).toHaveAccessibleDescription(READ_ONLY)
    expect(within(dialog).getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
  }, 20_000)

  it('opens the Add menu with both entries disabled under the reason', async () => {
    asViewer()
    serveDashboard()
    const { user } = renderApp('/dashboard', { token: 'tok' })
    await user.click(await screen.findByRole('button', { name: 'Add' }))
    const group = await screen.findByRole('group', { name: READ_ONLY })
    for (const name of ['Add Transaction', 'Create Transfer']) {
      const item = within(group).getByRole('menuitem', { name })
      expect(item).toHaveAttribute('aria-disabled', 'true')
      expect(item).toHaveAccessibleDescription(READ_ONLY)
    }
    // Once the menu has loaded, its button says it too.
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
  }, 20_000)

  it("leaves a member's form as it was", async () => {
    asMember()
    serveDashboard()
    const { user } = renderApp('/dashboard', { token: 'tok' })
    await user.click(await screen.findByRole('button', { name: 'Add transaction' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Transaction' })
    expect(await within(dialog).findByRole('button', { name: 'Add Transaction' })).toBeEnabled()
    expect(within(dialog).queryByTestId('read-only-hint')).not.toBeInTheDocument()
  }, 20_000)
})
