import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { serveGoals } from '@/features/goals/components/test-handlers'
import { makeGoal } from '@/features/goals/lib/test-fixtures'
import { makeUser } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import { apiUrl, server } from '@/test/server'

describe('the goals route', () => {
  it('shows the goals at /goals, with Goals in the menu', async () => {
    server.use(
      http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
      ...serveGoals({ goals: [makeGoal()] }).handlers,
    )
    renderApp('/goals', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Financial Goals', level: 1 })).toBeInTheDocument()
    expect(await screen.findByRole('group', { name: 'Holiday goal' })).toBeInTheDocument()
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation', hidden: true })[0]!
    expect(within(nav).getByRole('link', { name: 'Goals', hidden: true })).toHaveAttribute('href', '/goals')
  })
})
