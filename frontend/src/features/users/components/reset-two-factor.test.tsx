import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { apiUrl, server } from '@/test/server'
import { admin, cardOf, chooseAction, renderPage, rowOf, serveUsers, uma, wideScreen } from '@/test/users-kit'

beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

const secured = { ...uma, _id: 'sam', name: 'Sam Secure', email: 'sam@example.com', twoFactorEnabled: true }

/** Answers POST /users/:id/reset-2fa with the user turned off; records the ids. */
function serveReset() {
  const calls: string[] = []
  server.use(
    http.post(apiUrl('/users/:id/reset-2fa'), ({ params }) => {
      calls.push(params.id as string)
      return HttpResponse.json({
        success: true,
        data: { ...secured, twoFactorEnabled: false },
        message: 'Two-factor authentication reset',
      })
    }),
  )
  return calls
}

describe('UsersPage: resetting two-factor sign-in', () => {
  it("marks a user with two-factor sign-in on '2FA', on the table and on the cards", async () => {
    serveUsers([admin, uma, secured])
    wideScreen()
    const wide = renderPage()
    await screen.findByText('Sam Secure')
    expect(within(rowOf('Sam Secure')).getByText('2FA')).toHaveAttribute('title', 'Two-factor authentication is on')
    expect(within(rowOf('Uma User')).queryByText('2FA')).not.toBeInTheDocument()
    wide.unmount()
    vi.restoreAllMocks()

    renderPage()
    await screen.findByText('Sam Secure')
    expect(within(cardOf('Sam Secure')).getByText('2FA')).toBeInTheDocument()
    expect(within(cardOf('Uma User')).queryByText('2FA')).not.toBeInTheDocument()
  })

  it('offers the reset only for a user with two-factor sign-in on', async () => {
    wideScreen()
    serveUsers([admin, uma, secured])
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await user.click(screen.getByRole('button', { name: 'Actions for Uma User' }))
    expect(await screen.findByRole('menuitem', { name: 'View Activity' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Reset two-factor' })).not.toBeInTheDocument()
  })

  it("asks first, then resets and says the server's message; the badge goes", async () => {
    wideScreen()
    serveUsers([admin, secured])
    const calls = serveReset()
    const { user } = renderPage()
    await screen.findByText('Sam Secure')
    await chooseAction(user, 'Sam Secure', 'Reset two-factor')
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset two-factor' })
    expect(dialog).toHaveTextContent('Turn off two-factor authentication for "Sam Secure"?')
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))

    expect(await screen.findByText('Two-factor authentication reset')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls).toEqual(['sam'])
    expect(within(rowOf('Sam Secure')).queryByText('2FA')).not.toBeInTheDocument()
  })

  it("keeps the dialog open with the server's refusal", async () => {
    wideScreen()
    serveUsers([admin, secured])
    server.use(
      http.post(apiUrl('/users/:id/reset-2fa'), () =>
        HttpResponse.json(
          { success: false, code: 'validation', message: 'Two-factor authentication is not enabled' },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Sam Secure')
    await chooseAction(user, 'Sam Secure', 'Reset two-factor')
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset two-factor' })
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }))
    expect(await within(dialog).findByText('Two-factor authentication is not enabled')).toBeInTheDocument()
  })
})
