/** The security screen's test kit: a server holding the two-factor state and the sessions. */
import { http, HttpResponse } from 'msw'
import { apiUrl, server } from '@/test/server'
import type { Session, TwoFactorStatus } from '../api/types'

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
export const OTPAUTH_URL = `otpauth://totp/MySpending%3Aalice%40example.com?secret=${SECRET}&issuer=MySpending&algorithm=SHA1&digits=6&period=30`
/** The code the fake server takes (any other is 'Invalid authentication code'). */
export const GOOD_CODE = '123456'
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`)

const NOW = Date.now()
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    _id: 's-this',
    createdAt: minutesAgo(60 * 24 * 3),
    lastSeenAt: minutesAgo(4),
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    current: true,
    ...overrides,
  }
}

export const thisDevice = makeSession()
export const phone = makeSession({
  _id: 's-phone',
  current: false,
  lastSeenAt: minutesAgo(2),
  ipAddress: '198.51.100.20',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
})
export const oldLaptop = makeSession({
  _id: 's-laptop',
  current: false,
  lastSeenAt: '2026-11-02T09:05:00Z',
  ipAddress: null,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
})

type Calls = { method: string; path: string; body?: unknown }[]

/**
 * Serves GET /auth/2fa, the setup, enable and disable, GET /auth/sessions and the sign-outs over
 * one state the test can read; records every write.
 */
export function serveSecurity({ twoFactor = { enabled: false, recoveryCodesLeft: 0 }, sessions = [thisDevice] }: {
  twoFactor?: TwoFactorStatus
  sessions?: Session[]
} = {}) {
  const state = { twoFactor, sessions, calls: [] as Calls, setups: 0 }
  const refuse = (status: number, message: string) =>
    HttpResponse.json({ success: false, code: 'validation', message }, { status })
  server.use(
    http.get(apiUrl('/auth/2fa'), () => HttpResponse.json({ success: true, data: state.twoFactor })),
    http.post(apiUrl('/auth/2fa/setup'), () => {
      state.setups += 1
      state.calls.push({ method: 'POST', path: '/auth/2fa/setup' })
      if (state.twoFactor.enabled) return refuse(409, 'Two-factor authentication is already enabled')
      return HttpResponse.json({ success: true, data: { secret: SECRET, otpauthUrl: OTPAUTH_URL } })
    }),
    http.post(apiUrl('/auth/2fa/enable'), async ({ request }) => {
      const body = (await request.json()) as { code: string }
      state.calls.push({ method: 'POST', path: '/auth/2fa/enable', body })
      if (body.code !== GOOD_CODE) return refuse(400, 'Invalid authentication code')
      state.twoFactor = { enabled: true, recoveryCodesLeft: 10 }
      return HttpResponse.json({ success: true, data: { recoveryCodes: RECOVERY_CODES } })
    }),
    http.post(apiUrl('/auth/2fa/disable'), async ({ request }) => {
      const body = (await request.json()) as { password: string; code: string }
      state.calls.push({ method: 'POST', path: '/auth/2fa/disable', body })
      if (body.password !== 'secret1') return refuse(400, 'Current password is incorrect')
      if (body.code !== GOOD_CODE && !RECOVERY_CODES.includes(body.code)) return refuse(400, 'Invalid authentication code')
      state.twoFactor = { enabled: false, recoveryCodesLeft: 0 }
      return HttpResponse.json({ success: true, message: 'Two-factor authentication disabled' })
    }),
    http.get(apiUrl('/auth/sessions'), () => HttpResponse.json({ success: true, data: state.sessions })),
    http.delete(apiUrl('/auth/sessions/:id'), ({ params }) => {
      state.calls.push({ method: 'DELETE', path: `/auth/sessions/${String(params.id)}` })
      state.sessions = state.sessions.filter((s) => s._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Signed out of that device' })
    }),
    http.post(apiUrl('/auth/sessions/revoke-others'), () => {
      state.calls.push({ method: 'POST', path: '/auth/sessions/revoke-others' })
      const ended = state.sessions.filter((s) => !s.current).length
      state.sessions = state.sessions.filter((s) => s.current)
      return HttpResponse.json({ success: true, data: { ended }, message: 'Signed out of all other devices' })
    }),
  )
  return state
}
