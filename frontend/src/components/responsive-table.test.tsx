import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { type ResponsiveColumn, ResponsiveTable } from './responsive-table'

type Fruit = { name: string; pence: number }

const COLUMNS: ResponsiveColumn<Fruit>[] = [
  { header: 'Fruit', cell: (f) => f.name },
  { header: 'Price', end: true, nowrap: true, color: (f) => (f.pence > 100 ? 'fg.error' : undefined), cell: (f) => `${f.pence}p` },
]

const FRUIT: Fruit[] = [
  { name: 'Apple', pence: 40 },
  { name: 'Mango', pence: 150 },
]

function renderTable(rows: Fruit[], asTable: boolean) {
  return renderWithProviders(
    <ResponsiveTable
      rows={rows}
      rowKey={(f) => f.name}
      label="Fruit Prices"
      asTable={asTable}
      columns={COLUMNS}
      card={(f) => <p>{`${f.name} costs ${f.pence}p`}</p>}
      empty="No fruit this month"
    />,
  )
}

describe('ResponsiveTable', () => {
  it('is a named table with a header and a row per item on wide screens', async () => {
    renderTable(FRUIT, true)
    const table = await screen.findByRole('table', { name: 'Fruit Prices' })
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Fruit', 'Price'])
    const rows = screen.getAllByTestId('breakdown-row')
    expect(rows.map((r) => r.textContent)).toEqual(['Apple40p', 'Mango150p'])
    expect(within(rows[1]).getAllByRole('cell')[1]).toHaveTextContent('150p')
  })

  it('is a named list of cards on phones', async () => {
    renderTable(FRUIT, false)
    const list = await screen.findByRole('list', { name: 'Fruit Prices' })
    expect(within(list).getAllByRole('listitem').map((r) => r.textContent)).toEqual(['Apple costs 40p', 'Mango costs 150p'])
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('says so when there is nothing to show', async () => {
    renderTable([], true)
    expect(await screen.findByText('No fruit this month')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByTestId('breakdown-row')).not.toBeInTheDocument()
  })
})
