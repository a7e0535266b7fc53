import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiUrl, server } from '@/test/server'
import { getToken, setToken } from '../auth-storage'
import { api, ApiError, getErrorMessage, setAuthFailureHandler } from './client'

const handler = vi.fn()

beforeEach(() => {
  handler.mockReset()
  setAuthFailureHandler(handler)
  window.history.replaceState(null, '', '/dashboard')
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

function answer(status: number, body: unknown) {
  return () => HttpResponse.json(body as Record<string, unknown>, { status })
}

describe('api client', () => {
  it('sends JSON with the bearer token and returns the JSON answer', async () => {
    setToken('tok-1')
    let seen: { auth: string | null; type: string | null; body: unknown } | undefined
    server.use(
      http.post(apiUrl('/echo'), async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          body: await request.json(),
        }
        return HttpResponse.json({ success: true, ok: 1 })
      }),
    )
    await expect(api.post('/echo', { a: 1 })).resolves.toEqual({ success: true, ok: 1 })
    expect(seen).toEqual({ auth: 'Bearer tok-1', type: 'application/json', body: { a: 1 } })
  })

  it('sends no Authorization header when signed out', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get(apiUrl('/open'), ({ request }) => {
        auth = request.headers.get('authorization')
        return HttpResponse.json({ success: true })
      }),
    )
    await api.get('/open')
    expect(auth).toBeNull()
  })

  it('throws an ApiError carrying status and the server message', async () => {
    server.use(http.get(apiUrl('/x'), answer(400, { success: false, message: 'Bad input' })))
    const error = await api.get('/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, serverMessage: 'Bad input', message: 'Bad input' })
    expect(getErrorMessage(error, 'Fallback')).toBe('Bad input')
  })

  it('falls back when the error has no message', async () => {
    server.use(http.get(apiUrl('/x'), () => new HttpResponse('oops', { status: 500 })))
    const error = await api.get('/x').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 500, serverMessage: undefined })
    expect(getErrorMessage(error, 'Login failed')).toBe('Login failed')
    expect(getErrorMessage(new Error('boom'), 'Login failed')).toBe('Login failed')
  })

  it('on 401 clears the token and asks to go to /login', async () => {
    setToken('stale')
    server.use(http.get(apiUrl('/me'), answer(401, { success: false, message: 'Unauthorized' })))
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('unauthorized')
  })

  it('on 401 while already on /login clears the token but does not redirect', async () => {
    window.history.replaceState(null, '', '/login')
    setToken('stale')
    server.use(http.get(apiUrl('/me'), answer(401, { success: false, message: 'Unauthorized' })))
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(handler).not.toHaveBeenCalled()
  })

  it('leaves a 401 alone for calls that opt out (the login form)', async () => {
    setToken('keep')
    server.use(
      http.post(apiUrl('/auth/login'), answer(401, { success: false, message: 'Invalid credentials' })),
    )
    await expect(
      api.post('/auth/login', {}, { redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid credentials' })
    expect(getToken()).toBe('keep')
    expect(handler).not.toHaveBeenCalled()
  })

  it('on 403 with the code account_disabled clears the token and goes to /account-disabled', async () => {
    setToken('tok')
    server.use(
      http.get(
        apiUrl('/thing'),
        answer(403, {
          success: false,
          code: 'account_disabled',
          message: 'Your account has been disabled. Please contact an administrator.',
        }),
      ),
    )
    await expect(api.get('/thing')).rejects.toMatchObject({ status: 403, code: 'account_disabled' })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('disabled')
  })

  it('treats any other 403 as a plain error', async () => {
    setToken('tok')
    server.use(
      http.get(
        apiUrl('/thing'),
        answer(403, { success: false, code: 'forbidden', message: 'Email not verified (disabled?)' }),
      ),
    )
    await expect(api.get('/thing')).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Email not verified (disabled?)',
    })
    expect(getToken()).toBe('tok')
    expect(handler).not.toHaveBeenCalled()
  })

  it('times out with an ApiError of status 0', async () => {
    server.use(
      http.get(apiUrl('/slow'), async () => {
        await delay(200)
        return HttpResponse.json({ success: true })
      }),
    )
    await expect(api.get('/slow', { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      message: 'The request timed out',
    })
  })

  it('turns a network failure into an ApiError of status 0', async () => {
    server.use(http.get(apiUrl('/down'), () => HttpResponse.error()))
    await expect(api.get('/down')).rejects.toMatchObject({ status: 0, message: 'Network error' })
  })
})
