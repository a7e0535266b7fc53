import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { makeBudget } from '../lib/test-fixtures'
import { BudgetCard } from './budget-card'

function renderCard(overrides: Parameters<typeof makeBudget>[0] = {}) {
  const onEdit = vi.fn()
  const onRemove = vi.fn()
  const view = renderWithProviders(<BudgetCard budget={makeBudget(overrides)} onEdit={onEdit} onRemove={onRemove} />)
  return { ...view, onEdit, onRemove, card: screen.getByTestId('budget-card') }
}

describe('BudgetCard', () => {
  it('shows an on-track budget with what remains', () => {
    const { card } = renderCard()
    expect(screen.getByText('Groceries')).toBeInTheDocument()
    expect(screen.getByText('On Track')).toBeInTheDocument()
    expect(screen.getByTestId('budget-spent')).toHaveTextContent('£100.50 / £250.00')
    expect(screen.getByTestId('budget-percent')).toHaveTextContent('40.2%')
    expect(screen.getByTestId('budget-remaining')).toHaveTextContent('Remaining £149.50')
    expect(screen.getByRole('progressbar', { name: 'Groceries budget used' })).toHaveAttribute('aria-valuenow', '40.2')
    expect(card).not.toHaveAttribute('data-over')
  })

  it('shows a warning budget', () => {
    renderCard({ currentSpending: 212.5, percentageUsed: 85, remaining: 37.5, status: 'warning' })
    expect(screen.getByText('Warning')).toBeInTheDocument()
    expect(screen.getByTestId('budget-remaining')).toHaveTextContent('Remaining £37.50')
    expect(screen.getByTestId('budget-percent')).toHaveTextContent('85.0%')
  })

  it('marks an over-budget card in red, caps the bar and says by how much', () => {
    const { card } = renderCard({
      limit: 50,
      currentSpending: 75.25,
      percentageUsed: 150.5,
      remaining: -25.25,
      status: 'over_budget',
    })
    expect(screen.getByText('Over Budget')).toBeInTheDocument()
    expect(screen.getByTestId('budget-remaining')).toHaveTextContent('Over budget by £25.25')
    expect(screen.getByTestId('budget-percent')).toHaveTextContent('150.5%')
    expect(screen.getByRole('progressbar', { name: 'Groceries budget used' })).toHaveAttribute('aria-valuenow', '100')
    expect(card).toHaveAttribute('data-over', 'true')
    expect(card).toHaveStyle({ borderWidth: '2px' })
  })

  it('offers Edit Budget and Remove Budget', async () => {
    const { user, onEdit, onRemove } = renderCard()
    await user.click(screen.getByRole('button', { name: 'Edit Budget' }))
    await user.click(screen.getByRole('button', { name: 'Remove Budget' }))
    expect(onEdit).toHaveBeenCalledTimes(1)
    expect(onRemove).toHaveBeenCalledTimes(1)
  })
})
