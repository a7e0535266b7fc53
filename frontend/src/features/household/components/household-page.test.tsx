import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { Household } from '../api/household'
import { HouseholdPage } from './household-page'

const household: Household = {
  _id: 'h-1',
  name: "Jane Doe's household",
  members: [
    { _id: 'u-jane', name: 'Jane Doe', email: 'jane@example.com', role: 'owner', joinedAt: '2026-01-15T10:00:00Z' },
    { _id: 'u-john', name: 'John Doe', email: 'john@example.com', role: 'viewer', joinedAt: '2026-03-02T10:00:00Z' },
  ],
}

function serve() {
  const renames: unknown[] = []
  server.use(
    http.get(apiUrl('/household'), () => HttpResponse.json({ success: true, data: household })),
    http.put(apiUrl('/household'), async ({ request }) => {
      const body = (await request.json()) as { name: string }
      renames.push(body)
      return HttpResponse.json({ success: true, data: { ...household, name: body.name } })
    }),
  )
  return renames
}

describe('HouseholdPage', () => {
  it('lists the members, the owner first, each with what their role may do', async () => {
    serve()
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    const members = await screen.findAllByTestId('household-member')
    expect(members).toHaveLength(2)
    expect(members[0]).toHaveTextContent('Jane Doe (you)')
    expect(members[0]).toHaveTextContent(/Owner.*Manages the household.*joined 15\/01\/2026/)
    expect(members[1]).toHaveTextContent(/John Doe.*john@example\.com.*Viewer.*changes nothing.*joined 02\/03\/2026/)
    expect(screen.getByRole('heading', { name: 'Members (2)' })).toBeInTheDocument()
  })

  it('lets the owner rename it, trimmed, with the rules on the way', async () => {
    const renames = serve()
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    const name = await screen.findByLabelText('Household name')
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
    await user.clear(name)
    await user.type(name, '   ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Household name is required')).toBeInTheDocument()
    await user.clear(name)
    await user.type(name, 'x'.repeat(51))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Household name cannot exceed 50 characters')).toBeInTheDocument()
    expect(renames).toEqual([])
    await user.clear(name)
    await user.type(name, '  The Does ')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Household renamed')).toBeInTheDocument()
    expect(renames).toEqual([{ name: 'The Does' }])
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled())
  })

  it('shows the others the name without a form', async () => {
    serve()
    renderWithProviders(<HouseholdPage currentUserId="u-john" />)
    expect(await screen.findByText("Jane Doe's household")).toBeInTheDocument()
    expect(screen.getByText("Only the household's owner can rename it.")).toBeInTheDocument()
    expect(screen.queryByLabelText('Household name')).not.toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Household members' })
    expect(within(list).getByText('John Doe (you)')).toBeInTheDocument()
  })

  it('says so when the household cannot be loaded', async () => {
    server.use(http.get(apiUrl('/household'), () => new HttpResponse(null, { status: 500 })))
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    expect(await screen.findByText('Failed to load your household')).toBeInTheDocument()
  })
})
