import { delay, http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiUrl, server } from '@/test/server'
import { getToken, setToken } from '../auth-storage'
import { ApiError, client, download, getErrorMessage, setAuthFailureHandler } from './client'

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

const category = {
  _id: 'c1',
  name: 'Food',
  description: '',
  color: '#4CAF50',
  icon: 'utensils',
  isDefault: false,
  createdAt: '2026-01-01T00:00:00Z',
}

describe('api client', () => {
  it('sends JSON with the bearer token under /api and returns the JSON answer', async () => {
    setToken('tok-1')
    let seen: { auth: string | null; type: string | null; accept: string | null; body: unknown } | undefined
    server.use(
      http.post(apiUrl('/categories'), async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
          accept: request.headers.get('accept'),
          body: await request.json(),
        }
        return HttpResponse.json({ success: true, data: category }, { status: 201 })
      }),
    )
    const body = { name: 'Food', description: '', color: '#4CAF50', icon: 'utensils' }
    await expect(client.POST('/api/categories', { body })).resolves.toEqual({
      success: true,
      data: category,
    })
    expect(seen).toEqual({
      auth: 'Bearer tok-1',
      type: 'application/json',
      accept: 'application/json',
      body,
    })
  })

  it('sends an Idempotency-Key only when the call gives one', async () => {
    const keys: (string | null)[] = []
    server.use(
      http.post(apiUrl('/categories'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'))
        return HttpResponse.json({ success: true, data: category }, { status: 201 })
      }),
    )
    const body = { name: 'Food', description: '', color: '#4CAF50', icon: 'utensils' }
    await client.POST('/api/categories', { body, idempotencyKey: 'form-7' })
    await client.POST('/api/categories', { body })
    expect(keys).toEqual(['form-7', null])
  })

  it('sends no Authorization header when signed out', async () => {
    let auth: string | null = 'unset'
    server.use(
      http.get(apiUrl('/config'), ({ request }) => {
        auth = request.headers.get('authorization')
        return HttpResponse.json({ success: true, adminEmail: null })
      }),
    )
    await client.GET('/api/config')
    expect(auth).toBeNull()
  })

  it('fills in path parameters (encoded) and the query', async () => {
    let url: URL | undefined
    server.use(
      http.get(apiUrl('/transactions/credit-account/:id'), ({ request }) => {
        url = new URL(request.url)
        return HttpResponse.json({ success: true })
      }),
    )
    await client.GET('/api/transactions/credit-account/{id}', {
      params: { path: { id: 'a b/c' }, query: { page: '2', search: 'café & co', type: undefined } },
    })
    expect(url?.pathname).toBe('/api/transactions/credit-account/a%20b%2Fc')
    expect([...(url?.searchParams ?? [])]).toEqual([
      ['page', '2'],
      ['search', 'café & co'],
    ])
  })

  it('throws an ApiError carrying status, code and the server message', async () => {
    server.use(
      http.get(
        apiUrl('/accounts'),
        answer(400, { success: false, code: 'validation', message: 'Bad input' }),
      ),
    )
    const error = await client.GET('/api/accounts').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      serverMessage: 'Bad input',
      message: 'Bad input',
    })
    expect(getErrorMessage(error, 'Fallback')).toBe('Bad input')
  })

  it('falls back when the error has no message', async () => {
    server.use(http.get(apiUrl('/accounts'), () => new HttpResponse('oops', { status: 500 })))
    const error = await client.GET('/api/accounts').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 500, serverMessage: undefined, code: undefined })
    expect(getErrorMessage(error, 'Login failed')).toBe('Login failed')
    expect(getErrorMessage(new Error('boom'), 'Login failed')).toBe('Login failed')
  })

  it('on 401 clears the token and asks to go to /login', async () => {
    setToken('stale')
    server.use(http.get(apiUrl('/budgets'), answer(401, { success: false, message: 'Unauthorized' })))
    await expect(client.GET('/api/budgets')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('unauthorized')
  })

  it('on 401 while already on /login clears the token but does not redirect', async () => {
    window.history.replaceState(null, '', '/login')
    setToken('stale')
    server.use(http.get(apiUrl('/budgets'), answer(401, { success: false, message: 'Unauthorized' })))
    await expect(client.GET('/api/budgets')).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(handler).not.toHaveBeenCalled()
  })

  it('leaves a 401 alone for calls that opt out (the login form)', async () => {
    setToken('keep')
    server.use(
      http.post(apiUrl('/auth/login'), answer(401, { success: false, message: 'Invalid credentials' })),
    )
    await expect(
      client.POST('/api/auth/login', {
        body: { email: 'a@b.c', password: 'x' },
        redirectOnUnauthorized: false,
      }),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid credentials' })
    expect(getToken()).toBe('keep')
    expect(handler).not.toHaveBeenCalled()
  })

  it('on 403 with the code account_disabled clears the token and goes to /account-disabled', async () => {
    setToken('tok')
    server.use(
      http.get(
        apiUrl('/auth/me'),
        answer(403, {
          success: false,
          code: 'account_disabled',
          message: 'Your account has been disabled. Please contact an administrator.',
        }),
      ),
    )
    // Even a call that opted out of the 401 handling.
    await expect(
      client.GET('/api/auth/me', { redirectOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 403, code: 'account_disabled' })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('disabled')
  })

  it('treats any other 403 as a plain error', async () => {
    setToken('tok')
    server.use(
      http.get(
        apiUrl('/accounts'),
        answer(403, { success: false, code: 'forbidden', message: 'Email not verified (disabled?)' }),
      ),
    )
    await expect(client.GET('/api/accounts')).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Email not verified (disabled?)',
    })
    expect(getToken()).toBe('tok')
    expect(handler).not.toHaveBeenCalled()
  })

  it('times out with an ApiError of status 0', async () => {
    server.use(
      http.get(apiUrl('/accounts'), async () => {
        await delay(200)
        return HttpResponse.json({ success: true })
      }),
    )
    const error = await client.GET('/api/accounts', { timeoutMs: 20 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, message: 'The request timed out' })
  })

  it('turns a network failure into an ApiError of status 0', async () => {
    server.use(http.get(apiUrl('/accounts'), () => HttpResponse.error()))
    const error = await client.GET('/api/accounts').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, message: 'Network error' })
  })

  it('downloads a file with its headers, under the same auth rules as any call', async () => {
    setToken('good')
    server.use(
      http.get(apiUrl('/reports/monthly/pdf'), ({ request }) => {
        expect(request.headers.get('Accept')).toBe('application/pdf, application/json')
        expect(request.headers.get('Authorization')).toBe('Bearer good')
        return new HttpResponse('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="r.pdf"' },
        })
      }),
    )
    const file = await download('/api/reports/monthly/pdf', { params: { query: { year: '2026', month: '11' } }, accept: 'application/pdf' })
    expect(await file.blob.text()).toBe('%PDF-1.7')
    expect(file.headers.get('Content-Disposition')).toBe('attachment; filename="r.pdf"')

    server.use(
      http.get(apiUrl('/reports/monthly/pdf'), () =>
        HttpResponse.json({ success: false, code: 'unauthorised', message: 'Expired' }, { status: 401 }),
      ),
    )
    const error = await download('/api/reports/monthly/pdf', { accept: 'application/pdf' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, code: 'unauthorised', serverMessage: 'Expired' })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('unauthorized')
  })

  it('times out a download whose file stalls after its headers', async () => {
    server.use(
      http.get(apiUrl('/backup'), () => {
        const stalled = new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"app":')) })
        return new HttpResponse(stalled, { headers: { 'Content-Type': 'application/json' } })
      }),
    )
    const error = await download('/api/backup', { accept: 'application/json', timeoutMs: 50 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, message: 'The request timed out' })
  })

  it("sends a multipart body as the form it is, with the browser's boundary", async () => {
    server.use(
      http.post(apiUrl('/inventory-items/upload-image'), async ({ request }) => {
        expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/)
        const image = (await request.formData()).get('image')
        const name = typeof image === 'object' && image !== null ? `${image.name}:${await image.text()}` : '?'
        return HttpResponse.json({ success: true, data: { path: `/uploads/${name}`, thumbnail: '' } }, { status: 201 })
      }),
    )
    const form = new FormData()
    form.append('image', new File(['jpeg'], 'a.jpg', { type: 'image/jpeg' }))
    const answer = await client.POST('/api/inventory-items/upload-image', { body: form })
    expect(answer.data.path).toBe('/uploads/a.jpg:jpeg')
  })

  it('is typed by the OpenAPI paths: a wrong path, parameter or body field fails type-checking', () => {
    // Never called: `npm run typecheck` checks that each line below is an error.
    const typeErrors = () => [
      // @ts-expect-error: no such path
      client.GET('/api/acounts'),
      // @ts-expect-error: a path without /api
      client.GET('/accounts'),
      // @ts-expect-error: GET only; there is no DELETE /api/accounts
      client.DELETE('/api/accounts'),
      // @ts-expect-error: the path parameter is required
      client.GET('/api/transactions/{id}'),
      // @ts-expect-error: `idd` is not the path parameter
      client.GET('/api/transactions/{id}', { params: { path: { idd: 'x' } } }),
      // @ts-expect-error: `month` is not a query parameter of /budget-analytics
      client.GET('/api/budget-analytics', { params: { query: { month: '3' } } }),
      // @ts-expect-error: login needs a body
      client.POST('/api/auth/login'),
      // @ts-expect-error: `pasword` is not a field of the login body
      client.POST('/api/auth/login', { body: { email: 'a@b.c', pasword: 'x' } }),
      // @ts-expect-error: GET takes no body
      client.GET('/api/accounts', { body: {} }),
    ]
    expect(typeErrors).toBeTypeOf('function')
  })
})
