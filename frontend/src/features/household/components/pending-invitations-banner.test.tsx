import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { PendingInvitation } from '../api/types'
import { PendingInvitationsBanner } from './pending-invitations-banner'
import { household, makePendingInvitation, refusal } from './test-handlers'

/** Serves GET /household/invitations/pending from a list the test may change; counts the calls. */
function servePending(initial: PendingInvitation[]) {
  const state = { invitations: initial, calls: 0 }
  server.use(
    http.get(apiUrl('/household/invitations/pending'), () => {
      state.calls += 1
      return HttpResponse.json({ success: true, data: state.invitations })
    }),
  )
  return state
}

describe('PendingInvitationsBanner', () => {
  it('renders nothing while there are no invitations', async () => {
    const state = servePending([])
    const { container } = renderWithProviders(<PendingInvitationsBanner />)
    await waitFor(() => expect(state.calls).toBe(1))
    expect(container).toBeEmptyDOMElement()
  })

  it('renders nothing when the invitations cannot be read', async () => {
    server.use(http.get(apiUrl('/household/invitations/pending'), () => new HttpResponse(null, { status: 500 })))
    const { container, queryClient } = renderWithProviders(<PendingInvitationsBanner />)
    await waitFor(() => expect(queryClient.getQueryState(['household', 'pending'])?.status).toBe('error'))
    expect(container).toBeEmptyDOMElement()
  })

  it('says who invited the user to which household, as what, and until when', async () => {
    servePending([
      makePendingInvitation(),
      makePendingInvitation({ _id: 'inv-10', householdName: 'Flat 4', role: 'viewer', invitedBy: { _id: 'u-kit', name: 'Kit' } }),
    ])
    renderWithProviders(<PendingInvitationsBanner />)
    const banners = await screen.findAllByTestId('invitation-banner')
    expect(banners).toHaveLength(2)
    expect(banners[0]).toHaveTextContent('Ann Smith invited you to join The Smiths as a member')
    expect(banners[0]).toHaveTextContent('The invitation expires on 27/11/2026.')
    expect(banners[1]).toHaveTextContent('Kit invited you to join Flat 4 as a viewer')
    expect(screen.getByRole('region', { name: 'Invitation to Flat 4' })).toBe(banners[1])
  })

  it('hides an invitation for now with Not now, also after coming back', async () => {
    servePending([makePendingInvitation()])
    const first = renderWithProviders(<PendingInvitationsBanner />)
    const banner = await screen.findByRole('region', { name: 'Invitation to The Smiths' })
    await first.user.click(within(banner).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: 'Invitation to The Smiths' })).not.toBeInTheDocument()
    first.unmount()

    const state = servePending([makePendingInvitation(), makePendingInvitation({ _id: 'inv-new', householdName: 'Flat 4' })])
    renderWithProviders(<PendingInvitationsBanner />)
    expect(await screen.findByRole('region', { name: 'Invitation to Flat 4' })).toBeInTheDocument()
    expect(state.calls).toBe(1)
    expect(screen.queryByRole('region', { name: 'Invitation to The Smiths' })).not.toBeInTheDocument()
  })

  it('joins from the banner, asking about the data of their own first', { timeout: 20_000 }, async () => {
    const state = servePending([makePendingInvitation()])
    const bodies: unknown[] = []
    server.use(
      http.post(apiUrl('/household/invitations/:id/accept'), async ({ request, params }) => {
        const body = (await request.json()) as { bringMyData?: boolean }
        bodies.push({ id: params.id, ...body })
        if (body.bringMyData === undefined) {
          return refusal(409, 'has_own_data', 'You already have your own data. Accept with bringMyData to move it into the household.')
        }
        state.invitations = []
        return HttpResponse.json({ success: true, data: { ...household, name: 'The Smiths' } })
      }),
    )
    const { user, router } = renderWithProviders(<PendingInvitationsBanner />, '/dashboard')
    const banner = await screen.findByRole('region', { name: 'Invitation to The Smiths' })
    await user.click(within(banner).getByRole('button', { name: 'Join' }))
    const choice = await within(banner).findByRole('group', { name: 'You already have data of your own' })
    expect(choice).toHaveTextContent('Choose what happens to them when you join The Smiths.')
    await user.click(within(choice).getByRole('button', { name: 'Leave my data behind' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your own data and join?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete my data and join' }))
    expect(await screen.findByText('You joined The Smiths')).toBeInTheDocument()
    expect(bodies).toEqual([{ id: 'inv-9' }, { id: 'inv-9', bringMyData: false }])
    // Every query is fetched again: the answered invitation goes from the list.
    await waitFor(() => expect(screen.queryByTestId('invitation-banner')).not.toBeInTheDocument())
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
