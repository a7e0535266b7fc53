import { screen } from '@testing-library/react'
import { lazy } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { ChartCard, MonthCard } from './analytics-cards'

const MONTHS = [
  { key: '2026-05', label: 'May 2026 (computed)' },
  { key: '2026-04', label: 'April 2026 (snapshot)' },
]

describe('ChartCard', () => {
  it('names the chart and its lines, and shows the chart once its code has loaded', async () => {
    let load: (value: { default: () => React.ReactElement }) => void = () => {}
    const Chart = lazy(() => new Promise<{ default: () => React.ReactElement }>((resolve) => (load = resolve)))
    renderWithProviders(
      <ChartCard
        title="Monthly Cash Flow"
        keys={[
          { label: 'Income', color: '#16a34a' },
          { label: 'Expenses', color: '#dc2626' },
        ]}
      >
        <Chart />
      </ChartCard>,
    )
    expect(await screen.findByRole('heading', { name: 'Monthly Cash Flow', level: 2 })).toBeInTheDocument()
    expect(screen.getByText('Income')).toBeInTheDocument()
    expect(screen.getByText('Expenses')).toBeInTheDocument()
    expect(screen.queryByRole('img', { name: 'A chart' })).not.toBeInTheDocument()
    load({ default: () => <svg role="img" aria-label="A chart" /> })
    expect(await screen.findByRole('img', { name: 'A chart' })).toBeInTheDocument()
  })
})

describe('MonthCard', () => {
  it("shows the chosen month's figures and source, and reports another month picked", async () => {
    const onSelect = vi.fn()
    const { user } = renderWithProviders(
      <MonthCard title="Category Breakdown" months={MONTHS} shown={{ key: '2026-04', source: 'snapshot' }} onSelect={onSelect}>
        <p>April figures</p>
      </MonthCard>,
    )
    expect(await screen.findByRole('heading', { name: 'Category Breakdown', level: 2 })).toBeInTheDocument()
    expect(screen.getByTestId('month-source')).toHaveTextContent('snapshot')
    const picker = screen.getByRole('combobox', { name: 'Select Month' })
    expect(picker).toHaveValue('2026-04')
    expect(screen.getByText('April figures')).toBeInTheDocument()
    await user.selectOptions(picker, '2026-05')
    expect(onSelect).toHaveBeenCalledWith('2026-05')
  })

  it('shows neither tag nor figures when there is no month', async () => {
    renderWithProviders(
      <MonthCard title="Category Breakdown" months={[]} shown={undefined} onSelect={vi.fn()}>
        <p>Figures</p>
      </MonthCard>,
    )
    expect(await screen.findByRole('heading', { name: 'Category Breakdown' })).toBeInTheDocument()
    expect(screen.queryByTestId('month-source')).not.toBeInTheDocument()
    expect(screen.queryByText('Figures')).not.toBeInTheDocument()
  })
})
