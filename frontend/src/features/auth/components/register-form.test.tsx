import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

const TOO_COMMON = 'This password is too common. Please choose another.'

async function fillForm(
  user: ReturnType<typeof renderApp>['user'],
  confirm = 'Secret123',
  password = 'Secret123',
) {
  await user.type(screen.getByLabelText('Name'), 'Bob Jones')
  await user.type(screen.getByLabelText('Email'), 'bob@example.com')
  await user.type(screen.getByLabelText('Password'), password)
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
    await fillForm(user, 'Secret124')
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
    expect(body).toEqual({ name: 'Bob Jones', email: 'bob@example.com', password: 'Secret123' })

    await user.click(screen.getByRole('button', { name: 'Go to Login' }))
    expect(pathname()).toBe('/login')
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument()
  })

  it('holds the rule of every password set: 8 characters, then upper, lower and a number', async () => {
    const { user } = renderApp('/register')
    await fillForm(user, 'secret1', 'secret1')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), '2')
    expect(
      await screen.findByText(
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ),
    ).toBeInTheDocument()
  })

  it('shows how strong the password typed is and which requirements it meets', async () => {
    const { user } = renderApp('/register')
    const requirements = screen.getByRole('list', { name: 'Password requirements' })
    expect(requirements).toHaveTextContent('At least 8 characters(not met)')
    await user.type(screen.getByLabelText('Password'), 'Secret1')
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Weak')
    await user.type(screen.getByLabelText('Password'), '23')
    expect(screen.getByText('Strength:')).toHaveTextContent('Strength: Fair')
    await waitFor(() => expect(requirements).toHaveTextContent('Not a common password(met)'))
  })

  it("shows the server's refusal of a common password on the password field", async () => {
    server.use(
      http.post(apiUrl('/auth/register'), () =>
        HttpResponse.json({ success: false, code: 'validation', message: TOO_COMMON }, { status: 400 }),
      ),
    )
    const { user } = renderApp('/register')
    await fillForm(user, 'Password1', 'Password1')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    const password = screen.getByLabelText('Password')
    await waitFor(() => expect(password).toHaveAccessibleErrorMessage(TOO_COMMON))
    expect(password).toHaveAttribute('aria-invalid', 'true')
    expect(password).toHaveFocus()
    expect(screen.getAllByText(TOO_COMMON)).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
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
