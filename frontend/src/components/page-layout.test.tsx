import { screen } from '@testing-library/react'
import { Target } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { CardGridSkeleton, EmptyState, PageHeader } from './page-layout'

describe('PageHeader', () => {
  it("shows the page's h1, its line and its buttons", async () => {
    renderWithProviders(
      <PageHeader title="Financial Goals" subtitle="Save towards what matters" actions={<button type="button">Add New Goal</button>} />,
    )
    expect(await screen.findByRole('heading', { name: 'Financial Goals', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Save towards what matters')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add New Goal' })).toBeInTheDocument()
  })

  it('stands without buttons', async () => {
    renderWithProviders(<PageHeader title="Import statement" subtitle="Bring in a bank statement" />)
    expect(await screen.findByRole('heading', { name: 'Import statement' })).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})

describe('EmptyState', () => {
  it('says what is missing, what to do, and offers the way on', async () => {
    renderWithProviders(
      <EmptyState icon={Target} title="No budgets set yet" text="Set a monthly limit.">
        <button type="button">Add Budget</button>
      </EmptyState>,
    )
    expect(await screen.findByRole('heading', { name: 'No budgets set yet', level: 2 })).toBeInTheDocument()
    expect(screen.getByText('Set a monthly limit.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Budget' })).toBeInTheDocument()
  })

  it('stands with a title alone', async () => {
    const { container } = renderWithProviders(<EmptyState icon={Target} title="No categories yet" />)
    expect(await screen.findByRole('heading', { name: 'No categories yet' })).toBeInTheDocument()
    expect(container.querySelectorAll('p')).toHaveLength(0)
  })
})

describe('CardGridSkeleton', () => {
  it('is one named loading state of as many cards as asked', () => {
    renderWithProviders(<CardGridSkeleton label="Loading categories" count={6} height="24" />)
    const status = screen.getByRole('status', { name: 'Loading categories' })
    expect(status.children).toHaveLength(6)
  })

  it('stands in three cards by default', () => {
    renderWithProviders(<CardGridSkeleton label="Loading budgets" height="48" />)
    expect(screen.getByRole('status', { name: 'Loading budgets' }).children).toHaveLength(3)
  })
})
