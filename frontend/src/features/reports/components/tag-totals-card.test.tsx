import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import type { MonthlyReport } from '../api/types'
import { TagTotalsCard } from './tag-totals-card'

const report = (tags: MonthlyReport['tags']) => ({ tags }) as MonthlyReport

describe('TagTotalsCard', () => {
  it("lists each tag's spending, income and count for the month", () => {
    renderWithProviders(
      <TagTotalsCard
        periodText="November 2026"
        report={report([
          { _id: 't1', name: 'Holiday 2026', color: '#2196F3', income: 0, expenses: -210, transactionCount: 2 },
          { _id: 't2', name: 'Kids', color: '#4CAF50', income: 25, expenses: -10.5, transactionCount: 3 },
        ])}
      />,
    )
    const table = screen.getByRole('table', { name: 'Tags in November 2026' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Holiday 2026', '£210.00', '£0.00', '2'],
      ['Kids', '£10.50', '£25.00', '3'],
    ])
  })

  it('shows nothing in a month without tagged rows', () => {
    const { container } = renderWithProviders(<TagTotalsCard periodText="June 2026" report={report([])} />)
    expect(container).toBeEmptyDOMElement()
  })
})
