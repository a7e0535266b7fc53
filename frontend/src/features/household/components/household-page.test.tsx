import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { HouseholdPage } from './household-page'
import { household, makeInvitation, refusal, serveHousehold } from './test-handlers'
import { highlightMenuItem } from '@/test/menu'

/**
 * Opens a member's actions menu and picks an entry with the keyboard (see lazy-menu.test.tsx for
 * why). Each arrow key also focuses the menu a frame later: that frame passes before Enter, or it
 * would take the focus back from the confirmation that Enter opens (no person types that fast).
 */
async function choose(user: UserEvent, name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }))
  const entry = await screen.findByRole('menuitem', { name: item })
  await highlightMenuItem(user, entry)
  expect(entry).toHaveAttribute('data-highlighted')
  await new Promise((resolve) => setTimeout(resolve, 50))
  await user.keyboard('{Enter}')
}

/** The open confirmation, once focus has moved to its Cancel (a frame after opening). */
async function confirmation(name: string) {
  const dialog = await screen.findByRole('alertdialog', { name })
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus())
  return dialog
}

describe('HouseholdPage', () => {
  it('lists the members, the owner first, each with what their role may do', async () => {
    serveHousehold()
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    const members = await screen.findAllByTestId('household-member')
    expect(members).toHaveLength(2)
    expect(members[0]).toHaveTextContent('Jane Doe (you)')
    expect(members[0]).toHaveTextContent(/Owner.*Manages the household.*joined 15\/01\/2026/)
    expect(members[1]).toHaveTextContent(/John Doe.*john@example\.com.*Viewer.*changes nothing.*joined 02\/03\/2026/)
    expect(screen.getByRole('heading', { name: 'Members (2)' })).toBeInTheDocument()
  })

  it('lets the owner rename it, trimmed, with the rules on the way', async () => {
    const state = serveHousehold()
    const renames: unknown[] = []
    server.use(
      http.put(apiUrl('/household'), async ({ request }) => {
        const body = (await request.json()) as { name: string }
        renames.push(body)
        state.household = { ...state.household, name: body.name }
        return HttpResponse.json({ success: true, data: state.household })
      }),
    )
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

  it('shows the others the name without a form, and no owner controls or invitations', async () => {
    serveHousehold()
    renderWithProviders(<HouseholdPage currentUserId="u-john" />)
    expect(await screen.findByText("Jane Doe's household")).toBeInTheDocument()
    expect(screen.getByText("Only the household's owner can rename it.")).toBeInTheDocument()
    expect(screen.queryByLabelText('Household name')).not.toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Household members' })
    expect(within(list).getByText('John Doe (you)')).toBeInTheDocument()
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument()
  })

  it('says so when the household cannot be loaded', async () => {
    server.use(http.get(apiUrl('/household'), () => new HttpResponse(null, { status: 500 })))
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    expect(await screen.findByText('Failed to load your household')).toBeInTheDocument()
  })
})

describe('HouseholdPage: the owner manages the members', () => {
  it("changes another member's role from the select, with a notice; never their own", async () => {
    const state = serveHousehold()
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    const role = await screen.findByRole('combobox', { name: 'Role of John Doe' })
    expect(role).toHaveValue('viewer')
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Member', 'Viewer'])
    // One select only: the owner's own row has none.
    expect(screen.getAllByRole('combobox', { name: /^Role of/ })).toHaveLength(1)
    await user.selectOptions(role, 'member')
    expect(await screen.findByText('John Doe is now a member')).toBeInTheDocument()
    expect(state.calls).toEqual([{ method: 'PUT', path: '/household/members/u-john', body: { role: 'member' } }])
    expect(role).toHaveValue('member')
    expect(screen.getAllByTestId('household-member')[1]).toHaveTextContent('Reads and changes everything shared')
  })

  it("shows the server's refusal of a role change above the list, and keeps the role shown", async () => {
    serveHousehold()
    server.use(http.put(apiUrl('/household/members/:userId'), () => refusal(404, 'not_found', 'Member not found')))
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    const role = await screen.findByRole('combobox', { name: 'Role of John Doe' })
    await user.selectOptions(role, 'member')
    expect(await screen.findByText('Member not found')).toBeInTheDocument()
    await waitFor(() => expect(role).toHaveValue('viewer'))
  })

  it('hands the household over after asking; the old owner then sees no owner controls', { timeout: 20_000 }, async () => {
    const state = serveHousehold()
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    await choose(user, 'John Doe', 'Make owner')
    const dialog = await confirmation('Make John Doe the owner?')
    expect(dialog).toHaveTextContent('John Doe will manage the household, its name and its members. You will become a member')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    expect(await screen.findByText('John Doe is now the owner')).toBeInTheDocument()
    expect(state.calls).toEqual([{ method: 'PUT', path: '/household/members/u-john', body: { role: 'owner' } }])
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    const members = screen.getAllByTestId('household-member')
    expect(members[0]).toHaveTextContent(/Jane Doe \(you\).*Member/)
    expect(members[1]).toHaveTextContent(/John Doe.*Owner/)
    expect(screen.queryByRole('combobox', { name: /^Role of/ })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Household name')).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leave household' })).toBeInTheDocument()
  })

  it('removes a member after a confirmation naming what stays and what goes', { timeout: 20_000 }, async () => {
    const state = serveHousehold()
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    await choose(user, 'John Doe', 'Remove')
    let dialog = await confirmation('Remove John Doe?')
    expect(dialog).toHaveTextContent(
      'John Doe will leave the household. Everything shared stays, including what they added; their private accounts go with them.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(state.calls).toEqual([])

    await choose(user, 'John Doe', 'Remove')
    dialog = await confirmation('Remove John Doe?')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('John Doe was removed from the household')).toBeInTheDocument()
    expect(state.calls).toEqual([{ method: 'DELETE', path: '/household/members/u-john', body: undefined }])
    await waitFor(() => expect(screen.getAllByTestId('household-member')).toHaveLength(1))
    expect(screen.getByRole('heading', { name: 'Members (1)' })).toBeInTheDocument()
  })

  it("keeps a refused removal's message in its dialog", { timeout: 20_000 }, async () => {
    serveHousehold()
    server.use(http.delete(apiUrl('/household/members/:userId'), () => refusal(404, 'not_found', 'Member not found')))
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    await choose(user, 'John Doe', 'Remove')
    const dialog = await confirmation('Remove John Doe?')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect(await within(dialog).findByText('Member not found')).toBeInTheDocument()
    expect(screen.getAllByTestId('household-member')).toHaveLength(2)
  })
})

describe('HouseholdPage: invitations (the owner)', () => {
  it('lists the pending ones with their role, who invited and when they expire', async () => {
    serveHousehold({ invitations: [makeInvitation(), makeInvitation({ _id: 'inv-2', email: 'kim@example.com', role: 'viewer' })] })
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    expect(await screen.findByRole('heading', { name: 'Invitations' })).toBeInTheDocument()
    const rows = await screen.findAllByTestId('household-invitation')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent(/sam@example\.com.*Member.*Invited by Jane Doe · expires 27\/11\/2026/)
    expect(rows[1]).toHaveTextContent(/kim@example\.com.*Viewer/)
    expect(screen.getByRole('heading', { name: 'Pending (2)' })).toBeInTheDocument()
  })

  it('says when none are waiting', async () => {
    serveHousehold({ invitations: [] })
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    expect(await screen.findByText('No invitations are waiting for an answer.')).toBeInTheDocument()
  })

  it('checks the address, invites as a member unless chosen, and lists the new invitation', async () => {
    const state = serveHousehold({ invitations: [] })
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    const email = await screen.findByLabelText('Email address')
    const role = screen.getByRole('combobox', { name: 'Role' })
    expect(role).toHaveValue('member')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    await user.type(email, 'not-an-address')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(state.calls).toEqual([])

    await user.clear(email)
    await user.type(email, ' Kim@Example.com ')
    await user.selectOptions(role, 'viewer')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Invitation sent to Kim@Example.com')).toBeInTheDocument()
    expect(state.calls).toEqual([
      { method: 'POST', path: '/household/invitations', body: { email: 'Kim@Example.com', role: 'viewer' } },
    ])
    const row = await screen.findByTestId('household-invitation')
    expect(row).toHaveTextContent(/Kim@Example\.com.*Viewer/)
    await waitFor(() => expect(email).toHaveValue(''))
  })

  it("shows the server's refusal of an invitation (already in the household)", async () => {
    serveHousehold({ invitations: [] })
    server.use(
      http.post(apiUrl('/household/invitations'), () =>
        refusal(409, 'conflict', 'This person is already in your household'),
      ),
    )
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    await user.type(await screen.findByLabelText('Email address'), 'john@example.com')
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('This person is already in your household')).toBeInTheDocument()
    expect(screen.getByLabelText('Email address')).toHaveValue('john@example.com')
  })

  it('revokes an invitation after asking', { timeout: 20_000 }, async () => {
    const state = serveHousehold()
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation to sam@example.com' }))
    const dialog = await confirmation('Revoke invitation?')
    expect(dialog).toHaveTextContent('The link sent to sam@example.com will stop working.')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText('Invitation to sam@example.com revoked')).toBeInTheDocument()
    expect(state.calls).toEqual([{ method: 'DELETE', path: '/household/invitations/inv-1', body: undefined }])
    expect(await screen.findByText('No invitations are waiting for an answer.')).toBeInTheDocument()
  })
})

describe('HouseholdPage: leaving (a member or viewer)', () => {
  it('offers no way out to the owner', async () => {
    serveHousehold()
    renderWithProviders(<HouseholdPage currentUserId="u-jane" />)
    await screen.findAllByTestId('household-member')
    expect(screen.queryByRole('button', { name: 'Leave household' })).not.toBeInTheDocument()
  })

  it('leaves after asking, fetches everything again, and shows the new household of one', { timeout: 20_000 }, async () => {
    const state = serveHousehold()
    const { user, queryClient } = renderWithProviders(<HouseholdPage currentUserId="u-john" />)
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await user.click(await screen.findByRole('button', { name: 'Leave household' }))
    const dialog = await confirmation("Leave Jane Doe's household?")
    expect(dialog).toHaveTextContent('You will get a household of your own; everything shared stays here.')
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByText("You left Jane Doe's household")).toBeInTheDocument()
    expect(state.calls).toEqual([{ method: 'POST', path: '/household/leave', body: undefined }])
    // Every query, not the household's alone: the user's figures are another household's now.
    expect(invalidate).toHaveBeenCalledWith()
    expect(await screen.findByLabelText('Household name')).toHaveValue("John Doe's household")
    expect(screen.getAllByTestId('household-member')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Leave household' })).not.toBeInTheDocument()
  })

  it("shows the server's refusal in the dialog", { timeout: 20_000 }, async () => {
    serveHousehold({ household })
    server.use(
      http.post(apiUrl('/household/leave'), () =>
        refusal(409, 'conflict', 'Transfer ownership to another member before leaving'),
      ),
    )
    const { user } = renderWithProviders(<HouseholdPage currentUserId="u-john" />)
    await user.click(await screen.findByRole('button', { name: 'Leave household' }))
    const dialog = await confirmation("Leave Jane Doe's household?")
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }))
    expect(await within(dialog).findByText('Transfer ownership to another member before leaving')).toBeInTheDocument()
  })
})
