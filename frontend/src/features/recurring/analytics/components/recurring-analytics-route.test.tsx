import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeAnalytics } from '../lib/test-fixtures'

describe('the /recurring/analytics route', () => {
  it('shows the recurring analytics to a signed-in user', async () => {
    server.use(
      http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
      http.get(apiUrl('/recurring-analytics'), () =>
        HttpResponse.json({ success: true, data: makeAnalytics(), message: 'Recurring analytics loaded' }),
      ),
    )
    renderApp('/recurring/analytics', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Recurring Analytics', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'No recurring activity in this period' })).toBeInTheDocument()
  })
})
