import { screen } from '@testing-library/react'
import { BarChart3 } from 'lucide-react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { renderWithProviders } from '@/test/render'
import { AnalyticsPage } from './analytics-page'

type Figures = { total: number }
type Query = Parameters<typeof AnalyticsPage<3 | 6, Figures>>[0]['query']

const base = { isError: false, error: null, fetchStatus: 'idle' as const, refetch: vi.fn(), isPlaceholderData: false }
const loading: Query = { ...base, isPending: true, data: undefined, fetchStatus: 'fetching' }
const loaded = (total: number): Query => ({ ...base, isPending: false, data: { total } })
const failed: Query = { ...base, isPending: false, isError: true, error: new ApiError(500), data: undefined }

function renderPage(query: Query, onRangeChange = vi.fn()) {
  const view = renderWithProviders(
    <AnalyticsPage
      title="Budget Analytics"
      subtitle="How your spending compared"
      ranges={[3, 6] as const}
      range={6}
      onRangeChange={onRangeChange}
      back={{ to: '/budgets', label: 'Back to Budgets' }}
      query={query}
      fallbackError="Failed to fetch analytics"
      empty={{
        when: (d) => d.total === 0,
        icon: BarChart3,
        title: 'No budget data available',
        text: 'Set monthly budgets first.',
        action: { to: '/budgets', label: 'Go to Budgets' },
      }}
    >
      {(d) => <p>Total {d.total}</p>}
    </AnalyticsPage>,
  )
  return { ...view, onRangeChange }
}

describe('AnalyticsPage', () => {
  it('shows the heading, the range and the way back, and a skeleton while loading', async () => {
    renderPage(loading)
    expect(await screen.findByRole('heading', { name: 'Budget Analytics', level: 1 })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Time Range' })).toHaveValue('6')
    expect(screen.getByRole('link', { name: 'Back to Budgets' })).toHaveAttribute('href', '/budgets')
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeInTheDocument()
  })

  it('reports another range chosen', async () => {
    const { user, onRangeChange } = renderPage(loaded(5))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Range' }), '3')
    expect(onRangeChange).toHaveBeenCalledWith(3)
  })

  it('shows the figures once loaded', async () => {
    renderPage(loaded(5))
    expect(await screen.findByText('Total 5')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading analytics' })).not.toBeInTheDocument()
  })

  it('shows the empty state when the data holds nothing to analyse', async () => {
    renderPage(loaded(0))
    expect(await screen.findByRole('heading', { name: 'No budget data available', level: 2 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Budgets' })).toHaveAttribute('href', '/budgets')
    expect(screen.queryByText('Total 0')).not.toBeInTheDocument()
  })

  it('shows the fallback with Retry when loading fails, and no figures', async () => {
    renderPage(failed)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch analytics')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.queryByText(/Total/)).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'No budget data available' })).not.toBeInTheDocument()
  })
})
