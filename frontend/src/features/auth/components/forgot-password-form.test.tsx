import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

describe('Forgot password', () => {
  it('validates the e-mail', async () => {
    const { user } = renderApp('/forgot-password')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'nope')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
  })

  it("shows 'Check Your Email' with neutral wording and tips, and can send another", async () => {
    const sent: unknown[] = []
    server.use(
      http.post(apiUrl('/auth/forgot-password'), async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ success: true, message: 'If that account exists, we sent a link.' })
      }),
    )
    const { user, pathname } = renderApp('/forgot-password')
    await user.type(screen.getByLabelText('Email'), 'carol@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument()
    expect(sent).toEqual([{ email: 'carol@example.com' }])
    expect(screen.getByText(/If an account with/)).toHaveTextContent(
      'If an account with carol@example.com exists',
    )
    expect(screen.getByText(/spam/i)).toBeInTheDocument()
    expect(screen.getByText(/expires in 15 minutes/)).toBeInTheDocument()
    expect(screen.getByText(/request another/i)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }))
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('carol@example.com')

    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    await user.click(await screen.findByRole('button', { name: 'Back to Login' }))
    expect(pathname()).toBe('/login')
  })

  it('shows the fallback error and keeps the input', async () => {
    server.use(http.post(apiUrl('/auth/forgot-password'), () => new HttpResponse(null, { status: 500 })))
    const { user } = renderApp('/forgot-password')
    await user.type(screen.getByLabelText('Email'), 'carol@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(
      await screen.findByText('Failed to send password reset email. Please try again.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveValue('carol@example.com')
  })
})
