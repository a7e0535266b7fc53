import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl, server } from '@/test/server'
import { renderWithProviders } from '@/test/render'
import { StatusPage } from './status-page'

const ready = {
  success: true,
  status: 'ready',
  version: '0.1.0',
  checks: [
    { name: 'Web server', ok: true, message: 'Answering requests' },
    { name: 'Database', ok: true, message: 'Answering queries (3 ms)' },
    { name: 'Database schema', ok: true, message: 'Up to date' },
  ],
}

describe('the status page', () => {
  it('shows each check of /api/ready in words', async () => {
    server.use(
      http.get(apiUrl('/ready'), () => HttpResponse.json(ready)),
      http.get(apiUrl('/health'), () => HttpResponse.json({ success: true, status: 'ok' })),
    )
    renderWithProviders(<StatusPage />, '/status')
    expect(await screen.findByText('All systems working')).toBeInTheDocument()
    const checks = screen.getByRole('list', { name: 'Checks' })
    expect(within(checks).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Web server: workingAnswering requests',
      'Database: workingAnswering queries (3 ms)',
      'Database schema: workingUp to date',
    ])
    expect(screen.getByText('Version 0.1.0')).toBeInTheDocument()
  })

  it('says which check fails when the database is down', async () => {
    server.use(
      http.get(apiUrl('/ready'), () =>
        HttpResponse.json(
          { success: false, code: 'unavailable', message: 'Not ready: the database cannot be reached' },
          { status: 503 },
        ),
      ),
      http.get(apiUrl('/health'), () =>
        HttpResponse.json({ success: false, code: 'unavailable', message: 'Database unavailable' }, { status: 503 }),
      ),
    )
    renderWithProviders(<StatusPage />, '/status')
    expect(await screen.findByText('Something is not working')).toBeInTheDocument()
    expect(screen.getByText('Web server: working')).toBeInTheDocument()
    expect(screen.getByText('Database: not working')).toBeInTheDocument()
    expect(screen.getByText('Not ready: the database cannot be reached')).toBeInTheDocument()
  })

  it('says the server is not answering when nothing comes back', async () => {
    server.use(
      http.get(apiUrl('/ready'), () => HttpResponse.error()),
      http.get(apiUrl('/health'), () => HttpResponse.error()),
    )
    renderWithProviders(<StatusPage />, '/status')
    expect(await screen.findByText('Web server: not working')).toBeInTheDocument()
    expect(screen.getByText(/the server may be down/)).toBeInTheDocument()
  })
})
