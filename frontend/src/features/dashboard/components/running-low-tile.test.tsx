import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { countRunningLow } from '../api/get-running-low'
import { RunningLowTile } from './running-low-tile'

function serve(answer: { _id: string; stockStatus: string }[] | 'error') {
  server.use(
    http.get(apiUrl('/inventory-items'), () =>
      answer === 'error'
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({ success: true, data: answer }),
    ),
  )
}

describe('RunningLowTile', () => {
  it('counts red and amber items only', () => {
    expect(
      countRunningLow([
        { _id: 'a', stockStatus: 'red' },
        { _id: 'b', stockStatus: 'amber' },
        { _id: 'c', stockStatus: 'green' },
      ]),
    ).toBe(2)
    expect(countRunningLow([])).toBe(0)
  })

  it('shows the count with the way to the shopping list', async () => {
    serve([
      { _id: 'a', stockStatus: 'red' },
      { _id: 'b', stockStatus: 'amber' },
      { _id: 'c', stockStatus: 'green' },
    ])
    renderWithProviders(<RunningLowTile />)
    expect(screen.getByRole('heading', { name: 'Running low', level: 2 })).toBeInTheDocument()
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('2 items to restock')
    expect(screen.getByRole('link', { name: 'Open Shopping List' })).toHaveAttribute('href', '/shopping-list')
  })

  it('says 1 item in the singular', async () => {
    serve([{ _id: 'a', stockStatus: 'red' }])
    renderWithProviders(<RunningLowTile />)
    expect(await screen.findByTestId('running-low-count')).toHaveTextContent('1 item to restock')
  })

  it('says the inventory is unavailable when the call fails, without an alert or link', async () => {
    serve('error')
    renderWithProviders(<RunningLowTile />)
    expect(await screen.findByText('Inventory is unavailable right now')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
