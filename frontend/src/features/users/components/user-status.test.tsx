import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { apiUrl, server } from '@/test/server'
import { admin, chooseAction, dan, renderPage, rowOf, serveUsers, uma, wideScreen } from '@/test/users-kit'

// The toaster is one store for the whole app: start every test without notices.
beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

/** Answers PUT /users/:id/toggle-status by flipping the user in the served list; records the ids. */
function serveToggleStatus(list: { users: typeof uma[] }) {
  const calls: string[] = []
  server.use(
    http.put(apiUrl('/users/:id/toggle-status'), ({ params }) => {
      const id = params.id as string
      calls.push(id)
      const target = list.users.find((u) => u._id === id)!
      const isActive = !target.isActive
      list.users = list.users.map((u) => (u._id === id ? { ...u, isActive } : u))
      return HttpResponse.json({
        success: true,
        data: { _id: id, isActive },
        message: isActive ? 'User enabled successfully' : 'User disabled successfully',
      })
    }),
  )
  return calls
}

describe("UsersPage: a user's status", () => {
  it('asks before disabling, naming the user; Cancel changes nothing', { timeout: 20_000 }, async () => {
    wideScreen()
    const list = serveUsers([admin, uma])
    const calls = serveToggleStatus(list)
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Disable')
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable User' })
    expect(dialog).toHaveTextContent('Are you sure you want to disable user "Uma User"?')
    // The dialog moves focus to Cancel once it has opened (a frame later on a busy machine).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(), {
      timeout: 10_000,
    })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls).toEqual([])
    expect(within(rowOf('Uma User')).getByText('Active')).toBeInTheDocument()
  })

  it('disables a user once confirmed, with the server message, then offers Enable', async () => {
    wideScreen()
    const list = serveUsers([admin, uma])
    const calls = serveToggleStatus(list)
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Disable')
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable User' })
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }))
    expect(await screen.findByText('User disabled successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls).toEqual(['uma'])
    expect(
      await within(rowOf('Uma User')).findByText('Disabled', { selector: '.chakra-badge' }),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Actions for Uma User' }))
    expect(await screen.findByRole('menuitem', { name: 'Enable' })).toBeInTheDocument()
  })

  it('enables a disabled user at once, without asking', async () => {
    wideScreen()
    const list = serveUsers([admin, dan])
    const calls = serveToggleStatus(list)
    const { user } = renderPage()
    await screen.findByText('Dan Disabled')
    await chooseAction(user, 'Dan Disabled', 'Enable')
    expect(await screen.findByText('User enabled successfully')).toBeInTheDocument()
    expect(calls).toEqual(['dan'])
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument()
    expect(await within(rowOf('Dan Disabled')).findByText('Active')).toBeInTheDocument()
  })

  it("keeps the disable dialog open with a refusal's message", async () => {
    wideScreen()
    serveUsers([admin, uma])
    server.use(
      http.put(apiUrl('/users/:id/toggle-status'), () =>
        HttpResponse.json(
          { success: false, code: 'conflict', message: 'There must always be at least one active superadmin' },
          { status: 409 },
        ),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Disable')
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable User' })
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }))
    expect(
      await within(dialog).findByText('There must always be at least one active superadmin'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Disable' })).toBeEnabled()
  })

  it("shows a refused enable's message on the page", async () => {
    wideScreen()
    serveUsers([admin, dan])
    server.use(
      http.put(apiUrl('/users/:id/toggle-status'), () =>
        HttpResponse.json({ success: false, code: 'internal', message: '' }, { status: 500 }),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Dan Disabled')
    await chooseAction(user, 'Dan Disabled', 'Enable')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to toggle user status')
  })
})
