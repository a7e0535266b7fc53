import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

async function fillForm(user: ReturnType<typeof renderApp>['user'], confirm = 'secret1') {
  await user.type(screen.getByLabelText('Name'), 'Bob Jones')
  await user.type(screen.getByLabelText('Email'), 'bob@example.com')
  await user.type(screen.getByLabelText('Password'), 'secret1')
  await user.type(screen.getByLabelText('Confirm Password'), confirm)
}

describe('Register form', () => {
  it('shows the validation messages', async () => {
    const { user } = renderApp('/register')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument()
  })

  it('refuses a confirmation that does not match', async () => {
    const { user } = renderApp('/register')
    await fillForm(user, 'secret2')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument()
  })

  it("shows 'Account Created!' naming the address, then goes to login", async () => {
    let body: unknown
    server.use(
      http.post(apiUrl('/auth/register'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(
          { success: true, message: 'Registration successful. Please verify your email.' },
          { status: 201 },
        )
      }),
    )
    const { user, pathname } = renderApp('/register')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))

    expect(await screen.findByRole('heading', { name: 'Account Created!' })).toBeInTheDocument()
    expect(screen.getByText('bob@example.com')).toBeInTheDocument()
    expect(body).toEqual({ name: 'Bob Jones', email: 'bob@example.com', password: 'secret1' })

    await user.click(screen.getByRole('button', { name: 'Go to Login' }))
    expect(pathname()).toBe('/login')
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
  })

  it('shows the server refusal and keeps the input', async () => {
    server.use(
      http.post(apiUrl('/auth/register'), () =>
        HttpResponse.json({ success: false, message: 'Email already registered' }, { status: 409 }),
      ),
    )
    const { user } = renderApp('/register')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Email already registered')).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveValue('Bob Jones')
    expect(screen.getByLabelText('Email')).toHaveValue('bob@example.com')
  })

  it("falls back to 'Registration failed'", async () => {
    server.use(http.post(apiUrl('/auth/register'), () => HttpResponse.error()))
    const { user } = renderApp('/register')
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
  })
})
