import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { BudgetsPage } from './budgets-page'

describe('budgets page load errors', () => {
  it('shows one alert when the budgets and the categories both fail, and keeps the page', async () => {
    server.use(
      http.get(apiUrl('/budgets'), () => new HttpResponse(null, { status: 500 })),
      http.get(apiUrl('/categories'), () =>
        HttpResponse.json({ success: false, code: 'internal', message: 'Categories are resting' }, { status: 500 }),
      ),
    )
    renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)

    // The first failed source in the page's order speaks: the budgets' fallback.
    expect(await screen.findByText('Failed to fetch budgets')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1))
    expect(screen.queryByText('Categories are resting')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Monthly Budgets' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Analytics' })).toBeInTheDocument()
  })
})
