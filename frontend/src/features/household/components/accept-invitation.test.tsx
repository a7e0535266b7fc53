import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { dashboardHandlers } from '@/test/dashboard-handlers'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { household, makePendingInvitation } from './test-handlers'

const HERE = '/accept-invitation/4f2a9c'
const NEXT = `next=${encodeURIComponent(HERE)}`

describe('/accept-invitation/:token', () => {
  it('asks a signed-out visitor to sign in or register, each bringing them back here', async () => {
    renderApp(HERE)
    expect(await screen.findByRole('heading', { name: 'Join a household', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/You have been invited to join a household on MySpending/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?${NEXT}`)
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/register?${NEXT}`)
    expect(screen.queryByRole('button', { name: 'Join household' })).not.toBeInTheDocument()
  })

  it("keeps the way back on /register's links to /login, and /login's to /register", async () => {
    const { user } = renderApp(`/register?${NEXT}`)
    const login = await screen.findByRole('link', { name: 'Login' })
    expect(login).toHaveAttribute('href', `/login?${NEXT}`)
    await user.click(login)
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/register?${NEXT}`)
  })

  it('brings a visitor who signs in back here, to join', { timeout: 20_000 }, async () => {
    server.use(
      http.post(apiUrl('/auth/login'), () =>
        HttpResponse.json({ success: true, token: 'tok', user: makeUser({ email: 'sam@example.com' }) }),
      ),
    )
    const { user, pathname } = renderApp(`/login?${NEXT}`)
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com')
    await user.type(screen.getByLabelText('Password'), 'secret1')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    expect(await screen.findByRole('button', { name: 'Join household' })).toBeInTheDocument()
    expect(pathname()).toBe(HERE)
  })

  it('lets a signed-in user join, then shows the dashboard with a notice', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = []
    server.use(
      http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser({ email: 'sam@example.com' }) })),
      http.post(apiUrl('/household/invitations/accept'), async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ success: true, data: household })
      }),
      ...dashboardHandlers(),
    )
    const { user, pathname } = renderApp(HERE, { token: 'tok' })
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Join household' }))
    expect(await screen.findByText("You joined Jane Doe's household")).toBeInTheDocument()
    expect(bodies).toEqual([{ token: '4f2a9c' }])
    expect(await screen.findByRole('heading', { name: /Welcome back/, level: 1 })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
  })
})

describe('the dashboard', () => {
  it("shows the banner of an invitation to another household, under the greeting", { timeout: 20_000 }, async () => {
    server.use(
      http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
      // Before the dashboard's own (none), which it takes the place of.
      http.get(apiUrl('/household/invitations/pending'), () =>
        HttpResponse.json({ success: true, data: [makePendingInvitation()] }),
      ),
      ...dashboardHandlers(),
    )
    renderApp('/dashboard', { token: 'tok' })
    const banner = await screen.findByRole('region', { name: 'Invitation to The Smiths' })
    expect(banner).toHaveTextContent('Ann Smith invited you to join The Smiths as a member')
    const heading = screen.getByRole('heading', { name: /Welcome back/, level: 1 })
    expect(heading.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
