import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import SpendingPie from './spending-pie'

const slices = [
  { id: 'Travel', label: 'Travel', value: 30_000, color: '#1E88E5', percent: '75.0%' },
  { id: 'Groceries', label: 'Groceries', value: 9_000, color: '#43A047', percent: '22.5%' },
  { id: 'Coffee', label: 'Coffee', value: 1_000, color: '#8D6E63', percent: '2.5%' },
]

describe('SpendingPie', () => {
  it('is one named image with a slice per category, the wide ones labelled with their share', () => {
    renderWithProviders(<SpendingPie slices={slices} label="Expenses by category this month" />)
    const chart = screen.getByRole('img', { name: 'Expenses by category this month' })
    const paths = chart.querySelectorAll('path')
    expect([...paths].map((p) => p.getAttribute('fill'))).toEqual(['#1E88E5', '#43A047', '#8D6E63'])
    // Coffee's 9° is too narrow for its label.
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['75.0%', '22.5%'])
  })

  it('shows the amount and share of the slice under the pointer, pushed out, until it leaves', () => {
    renderWithProviders(<SpendingPie slices={slices} label="Expenses by category this month" />)
    const chart = screen.getByRole('img', { name: 'Expenses by category this month' })
    const groceries = chart.querySelectorAll('path')[1]!
    const before = groceries.getAttribute('d')
    fireEvent.pointerEnter(groceries.parentElement!)
    expect(within(chart).getByText('£90.00 (22.5%)')).toBeInTheDocument()
    expect(within(chart).getByText('Groceries')).toBeInTheDocument()
    expect(chart.querySelectorAll('path')[1]!.getAttribute('d')).not.toBe(before)
    fireEvent.pointerLeave(chart.querySelector('svg')!)
    expect(within(chart).queryByText('£90.00 (22.5%)')).not.toBeInTheDocument()
    expect(chart.querySelectorAll('path')[1]!.getAttribute('d')).toBe(before)
  })

  it('answers a tap as a hover', () => {
    renderWithProviders(<SpendingPie slices={slices} label="Expenses by category this month" />)
    const chart = screen.getByRole('img', { name: 'Expenses by category this month' })
    fireEvent.pointerDown(chart.querySelectorAll('path')[0]!)
    expect(within(chart).getByText('£300.00 (75.0%)')).toBeInTheDocument()
  })
})
