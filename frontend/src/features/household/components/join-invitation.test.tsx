import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { Household } from '../api/household'
import { JoinInvitation } from './join-invitation'
import { jane, refusal } from './test-handlers'

const smiths: Household = {
  _id: 'h-smiths',
  name: 'The Smiths',
  members: [jane, { _id: 'u-me', name: 'Me Myself', email: 'me@example.com', role: 'member', joinedAt: '2026-11-28T10:00:00Z' }],
}
const OWN_DATA = 'You already have your own data. Accept with bringMyData to move it into the household.'

/** Answers POST /household/invitations/accept: refuses with has_own_data until the answer is given. */
function serveAccept({ ownData = false } = {}) {
  const bodies: unknown[] = []
  server.use(
    http.post(apiUrl('/household/invitations/accept'), async ({ request }) => {
      const body = (await request.json()) as { token: string; bringMyData?: boolean }
      bodies.push(body)
      if (ownData && body.bringMyData === undefined) return refusal(409, 'has_own_data', OWN_DATA)
      return HttpResponse.json({ success: true, data: smiths })
    }),
  )
  return bodies
}

function renderJoin() {
  return renderWithProviders(<JoinInvitation target={{ token: 'tok-1' }} />, '/accept-invitation/tok-1')
}

describe('JoinInvitation', () => {
  it('joins with the token, fetches everything again, names the household and opens the dashboard', async () => {
    const bodies = serveAccept()
    const { user, router, queryClient } = renderJoin()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await user.click(screen.getByRole('button', { name: 'Join household' }))
    expect(await screen.findByText('You joined The Smiths')).toBeInTheDocument()
    expect(bodies).toEqual([{ token: 'tok-1' }])
    expect(invalidate).toHaveBeenCalledWith()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('asks what happens to the data of their own and brings it in one step', async () => {
    const bodies = serveAccept({ ownData: true })
    const { user } = renderJoin()
    await user.click(screen.getByRole('button', { name: 'Join household' }))
    const choice = await screen.findByRole('group', { name: 'You already have data of your own' })
    // The server's words are for programs; the choice says it instead.
    expect(screen.queryByText(OWN_DATA)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Join household' })).not.toBeInTheDocument()
    const bring = within(choice).getByRole('button', { name: 'Bring my data' })
    expect(bring).toHaveAccessibleDescription(/Your accounts stay private to you/)
    await user.click(bring)
    expect(await screen.findByText('You joined The Smiths')).toBeInTheDocument()
    expect(bodies).toEqual([{ token: 'tok-1' }, { token: 'tok-1', bringMyData: true }])
  })

  it('warns twice before leaving the data behind, then joins without it', { timeout: 20_000 }, async () => {
    const bodies = serveAccept({ ownData: true })
    const { user } = renderJoin()
    await user.click(screen.getByRole('button', { name: 'Join household' }))
    const choice = await screen.findByRole('group', { name: 'You already have data of your own' })
    const leave = within(choice).getByRole('button', { name: 'Leave my data behind' })
    expect(leave).toHaveAccessibleDescription(/Warning: this deletes your own data\..*This cannot be undone\./)
    await user.click(leave)
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete your own data and join?' })
    expect(dialog).toHaveTextContent(
      'Your own accounts, transactions, budgets, goals, recurring payments and inventory are deleted when you join the household. This cannot be undone.',
    )
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(bodies).toEqual([{ token: 'tok-1' }])

    await user.click(within(choice).getByRole('button', { name: 'Leave my data behind' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Delete your own data and join?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete my data and join' }))
    expect(await screen.findByText('You joined The Smiths')).toBeInTheDocument()
    expect(bodies).toEqual([{ token: 'tok-1' }, { token: 'tok-1', bringMyData: false }])
  })

  it('goes back to Join from the choice with Cancel', async () => {
    serveAccept({ ownData: true })
    const { user } = renderJoin()
    await user.click(screen.getByRole('button', { name: 'Join household' }))
    const choice = await screen.findByRole('group', { name: 'You already have data of your own' })
    await user.click(within(choice).getByRole('button', { name: 'Cancel' }))
    expect(await screen.findByRole('button', { name: 'Join household' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'You already have data of your own' })).not.toBeInTheDocument()
  })

  it.each([
    [410, 'gone', 'This invitation has expired'],
    [410, 'gone', 'This invitation has already been used'],
    [403, 'forbidden', 'This invitation was sent to another email address'],
    [409, 'in_household', 'Leave your current household before joining another'],
    [404, 'not_found', 'Invitation not found'],
  ] as const)("shows the server's words for a %i %s", async (status, code, message) => {
    server.use(http.post(apiUrl('/household/invitations/accept'), () => refusal(status, code, message)))
    const { user, router } = renderJoin()
    await user.click(screen.getByRole('button', { name: 'Join household' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/accept-invitation/tok-1')
    expect(screen.getByRole('button', { name: 'Join household' })).toBeEnabled()
  })

  it("shows a refusal of the answer, and leaves the choice (the invitation is no longer open)", { timeout: 20_000 }, async () => {
    const bodies: unknown[] = []
    server.use(
      http.post(apiUrl('/household/invitations/accept'), async ({ request }) => {
        bodies.push(await request.json())
        return bodies.length === 1
          ? refusal(409, 'has_own_data', OWN_DATA)
          : refusal(410, 'gone', 'This invitation has been revoked')
      }),
    )
    const { user } = renderJoin()
    await user.click(screen.getByRole('button', { name: 'Join household' }))
    await user.click(await screen.findByRole('button', { name: 'Leave my data behind' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your own data and join?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete my data and join' }))
    expect(await screen.findByText('This invitation has been revoked')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'You already have data of your own' })).not.toBeInTheDocument()
  })

  it('joins one of the pending invitations by its id, naming the household in the choice', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = []
    server.use(
      http.post(apiUrl('/household/invitations/:id/accept'), async ({ request, params }) => {
        const body = (await request.json()) as { bringMyData?: boolean }
        bodies.push({ id: params.id, ...body })
        if (body.bringMyData === undefined) return refusal(409, 'has_own_data', OWN_DATA)
        return HttpResponse.json({ success: true, data: smiths })
      }),
    )
    const { user } = renderWithProviders(<JoinInvitation target={{ id: 'inv-9' }} householdName="The Smiths" joinLabel="Join" />)
    await user.click(screen.getByRole('button', { name: 'Join' }))
    const choice = await screen.findByRole('group', { name: 'You already have data of your own' })
    expect(choice).toHaveTextContent('Choose what happens to them when you join The Smiths.')
    await user.click(within(choice).getByRole('button', { name: 'Leave my data behind' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your own data and join?' })
    expect(dialog).toHaveTextContent('deleted when you join The Smiths')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my data and join' }))
    expect(await screen.findByText('You joined The Smiths')).toBeInTheDocument()
    expect(bodies).toEqual([{ id: 'inv-9' }, { id: 'inv-9', bringMyData: false }])
  })
})
