import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import type { ReportTransaction } from '../api/types'
import { ReportTransactions } from './report-transactions'

const legs: ReportTransaction[] = [
  { date: '2026-06-04', description: 'To savings', category: null, account: 'Everyday Current', amount: -300, type: 'expense', isTransfer: true },
  { date: '2026-06-04', description: 'To savings', category: null, account: 'Rainy Day', amount: 300, type: 'income', isTransfer: true },
  { date: '2026-06-05', description: 'Odd one', category: null, account: 'Everyday Current', amount: -1, type: 'expense', isTransfer: false },
]

describe('ReportTransactions', () => {
  it("labels both legs of a transfer 'Transfer' in the table's Category column", () => {
    renderWithProviders(<ReportTransactions transactions={legs} asTable />)
    const table = screen.getByRole('table', { name: 'Report transactions' })
    const categoryColumn = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Category')
    const categories = within(table)
      .getAllByTestId('report-transaction')
      .map((row) => within(row).getAllByRole('cell')[categoryColumn]!.textContent)
    expect(categories).toEqual(['Transfer', 'Transfer', 'Uncategorised'])
  })

  it("labels a transfer leg 'Transfer' on the phone card too", () => {
    renderWithProviders(<ReportTransactions transactions={legs.slice(0, 1)} asTable={false} />)
    expect(screen.getByTestId('report-transaction')).toHaveTextContent('04/06/2026 · Transfer · Everyday Current')
  })
})
