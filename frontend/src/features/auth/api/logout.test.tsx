import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { getToken, setToken } from '@/lib/auth-storage'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { useLogout } from './logout'

function LogoutButton() {
  const logout = useLogout()
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  )
}

describe('useLogout', () => {
  it("tells the server to end this session, with this session's token, and forgets it here", async () => {
    const sent: { authorization: string | null; keepalive: boolean }[] = []
    server.use(
      http.post(apiUrl('/auth/logout'), ({ request }) => {
        sent.push({ authorization: request.headers.get('Authorization'), keepalive: request.keepalive })
        return HttpResponse.json({ success: true, message: 'Logged out' })
      }),
    )
    setToken('tok-this-device')
    const { user } = renderWithProviders(<LogoutButton />)
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    // Forgotten at once, before the server answers.
    expect(getToken()).toBeNull()
    await waitFor(() => expect(sent).toEqual([{ authorization: 'Bearer tok-this-device', keepalive: true }]))
  })

  it('signs out here even when the server cannot be reached', async () => {
    let tried = false
    server.use(
      http.post(apiUrl('/auth/logout'), () => {
        tried = true
        return HttpResponse.error()
      }),
    )
    setToken('tok-offline')
    const { user } = renderWithProviders(<LogoutButton />)
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    expect(getToken()).toBeNull()
    await waitFor(() => expect(tried).toBe(true))
  })

  it('sends nothing when already signed out', async () => {
    let calls = 0
    server.use(
      http.post(apiUrl('/auth/logout'), () => {
        calls += 1
        return HttpResponse.json({ success: true, message: 'Logged out' })
      }),
    )
    const { user } = renderWithProviders(<LogoutButton />)
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls).toBe(0)
  })
})
