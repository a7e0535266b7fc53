import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiUrl, server } from '@/test/server'
import { setAuthFailureHandler } from '@/lib/api/client'
import { getToken, setToken } from '@/lib/auth-storage'
import { fetchReportPdf } from './download-report-pdf'

const handler = vi.fn()
const params = { year: 2026, month: 6, accountId: '' }

beforeEach(() => {
  handler.mockReset()
  setAuthFailureHandler(handler)
  window.history.replaceState(null, '', '/reports')
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('fetchReportPdf', () => {
  it('on 401 clears the token and asks to go to /login, like the api client', async () => {
    setToken('stale')
    server.use(
      http.get(apiUrl('/reports/monthly/pdf'), () =>
        HttpResponse.json({ success: false, message: 'Unauthorized' }, { status: 401 }),
      ),
    )
    await expect(fetchReportPdf(params)).rejects.toMatchObject({ status: 401 })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('unauthorized')
  })

  it('on 403 account_disabled clears the token and goes to /account-disabled', async () => {
    setToken('tok')
    server.use(
      http.get(apiUrl('/reports/monthly/pdf'), () =>
        HttpResponse.json(
          { success: false, code: 'account_disabled', message: 'Account is disabled' },
          { status: 403 },
        ),
      ),
    )
    await expect(fetchReportPdf(params)).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Account is disabled',
    })
    expect(getToken()).toBeNull()
    expect(handler).toHaveBeenCalledExactlyOnceWith('disabled')
  })

  it('keeps other failures as plain errors with the server message', async () => {
    setToken('tok')
    server.use(
      http.get(apiUrl('/reports/monthly/pdf'), () =>
        HttpResponse.json({ success: false, message: 'No data' }, { status: 404 }),
      ),
    )
    await expect(fetchReportPdf(params)).rejects.toMatchObject({ status: 404, serverMessage: 'No data' })
    expect(getToken()).toBe('tok')
    expect(handler).not.toHaveBeenCalled()
  })
})
