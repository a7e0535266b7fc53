import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeSplitTransaction } from '@/test/fixtures'
import { ledgerHandlers } from '@/test/ledger-handlers'
import { renderApp, renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { detailsText } from '../lib/detail'
import { TransactionsDayList } from './transactions-day-list'
import { TransactionsTable } from './transactions-table'

describe('a split transaction', () => {
  const tesco = makeSplitTransaction()

  it("is one row of its whole amount in the table, its category 'Split · 2 categories' with the parts in its title", () => {
    renderWithProviders(
      <TransactionsTable transactions={[tesco]} categoryIcons={new Map()} onEdit={vi.fn()} onDelete={vi.fn()} />,
    )
    const [, row] = screen.getAllByRole('row')
    expect(within(row).getByText('-£84.20')).toBeInTheDocument()
    const category = within(row).getByText('Split · 2 categories')
    expect(category.parentElement).toHaveAttribute('title', 'Groceries £61.00, Travel £23.20')
    expect(within(row).queryByText('General')).not.toBeInTheDocument()
  })

  it('says Split in the phone list', () => {
    renderWithProviders(
      <TransactionsDayList transactions={[tesco]} categoryIcons={new Map()} now={() => new Date('2026-06-15')} />,
    )
    const row = screen.getByTestId('transaction-row')
    expect(within(row).getByText('Split · 2 categories')).toBeInTheDocument()
    expect(within(row).getByText('-£84.20')).toBeInTheDocument()
  })

  it('shows, in a list filtered by one of its categories, its part there of its whole amount', () => {
    const { unmount } = renderWithProviders(
      <TransactionsTable
        transactions={[tesco]}
        categoryIcons={new Map()}
        inCategory="cat-travel"
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    )
    const [, row] = screen.getAllByRole('row')
    expect(within(row).getByText('-£23.20')).toBeInTheDocument()
    expect(within(row).getByTestId('split-share-of')).toHaveTextContent('of £84.20')
    unmount()
    renderWithProviders(
      <TransactionsDayList
        transactions={[tesco]}
        categoryIcons={new Map()}
        inCategory="cat-groceries"
        now={() => new Date('2026-06-15')}
      />,
    )
    const phoneRow = screen.getByTestId('transaction-row')
    expect(within(phoneRow).getByText('-£61.00')).toBeInTheDocument()
    // The day's total adds the part too, as the filtered summary does.
    const dayHeader = screen.getByRole('heading', { level: 2 }).parentElement
    expect(dayHeader).toHaveTextContent('-£61.00')
    expect(dayHeader).not.toHaveTextContent('£84.20')
    expect(within(phoneRow).getByTestId('split-share-of')).toHaveTextContent('of £84.20')
  })

  it('shows its whole amount in a list filtered by another category or none', () => {
    renderWithProviders(
      <TransactionsTable
        transactions={[tesco]}
        categoryIcons={new Map()}
        inCategory="cat-bills"
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    )
    const [, row] = screen.getAllByRole('row')
    expect(within(row).getByText('-£84.20')).toBeInTheDocument()
    expect(within(row).queryByTestId('split-share-of')).not.toBeInTheDocument()
  })

  it('lists its parts on the detail page: category, amount and note', async () => {
    server.use(
      http.get(apiUrl('/transactions/:id'), () => HttpResponse.json({ success: true, data: tesco })),
      ...ledgerHandlers(),
    )
    renderApp('/transactions/tx-tesco', { token: 'tok' })
    expect(await screen.findByRole('heading', { name: 'Tesco' })).toBeInTheDocument()
    expect(screen.getByTestId('detail-amount')).toHaveTextContent('-£84.20')
    expect(screen.getByText('Business type').parentElement).toHaveTextContent('Split · 2 categories')
    const parts = within(screen.getByRole('list', { name: 'Split parts' })).getAllByRole('listitem')
    expect(parts.map((p) => p.textContent)).toEqual(['Groceries£61.00', 'TravelBus pass£23.20'])
  })

  it('copies its parts with the details', () => {
    expect(detailsText(tesco)).toContain('Split: Groceries £61.00, Travel £23.20')
    expect(detailsText(tesco)).not.toContain('Category:')
  })
})
