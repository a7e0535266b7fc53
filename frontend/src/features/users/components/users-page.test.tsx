import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { makeUser } from '@/test/fixtures'
import { apiUrl, server } from '@/test/server'
import { admin, cardOf, chooseAction, dan, renderPage, rowOf, serveUsers, uma, wideScreen } from '@/test/users-kit'

// The toaster is one store for the whole app: start every test without notices.
beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe('UsersPage', () => {
  it('lists the users in a table with verified mark, role, status, access and created date', async () => {
    wideScreen()
    serveUsers([admin, uma, dan])
    renderPage()
    const table = await screen.findByRole('table', { name: 'Users' })
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual([
      'Name',
      'Email',
      'Verified',
      'Role',
      'Status',
      'Bank Access',
      'Finalise Access',
      'Created',
      'Actions',
    ])
    expect(screen.getAllByTestId('user-row')).toHaveLength(3)

    const a = rowOf('Ada Admin')
    expect(within(a).getByText('admin@example.com')).toBeInTheDocument()
    expect(within(a).getByRole('img', { name: 'Verified' })).toBeInTheDocument()
    expect(within(a).getByText('Superadmin')).toBeInTheDocument()
    expect(within(a).getByText('Active')).toBeInTheDocument()
    expect(within(a).getByText('02/01/2026')).toBeInTheDocument()

    const u = rowOf('Uma User')
    expect(within(u).getByRole('img', { name: 'Not verified' })).toBeInTheDocument()
    expect(within(u).getByText('User')).toBeInTheDocument()
    expect(within(u).getByRole('button', { name: 'Bank Access for Uma User: Disabled' })).toHaveTextContent(
      'Disabled',
    )
    expect(within(u).getByRole('button', { name: 'Finalise Access for Uma User: Disabled' })).toBeInTheDocument()
    expect(within(u).getByText('05/03/2026')).toBeInTheDocument()

    const d = rowOf('Dan Disabled')
    expect(within(d).getByText('Disabled', { selector: '.chakra-badge' })).toBeInTheDocument()
    expect(within(d).getByRole('button', { name: 'Bank Access for Dan Disabled: Enabled' })).toHaveTextContent(
      'Enabled',
    )
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument()
  })

  it('shows cards and a floating Add User button on a phone', async () => {
    serveUsers([admin, uma])
    renderPage()
    await screen.findByText('Uma User')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const card = cardOf('Uma User')
    expect(within(card).getByText('uma@example.com')).toBeInTheDocument()
    expect(within(card).getByText('User')).toBeInTheDocument()
    expect(within(card).getByText('Active')).toBeInTheDocument()
    expect(within(card).getByText('Created 05/03/2026')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Bank Access for Uma User: Disabled' })).toBeEnabled()
    expect(within(card).getByRole('button', { name: 'Actions for Uma User' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument()
  })

  it("shows 'No users found' with 'Add First User', which opens the add dialog", async () => {
    serveUsers([])
    const { user } = renderPage()
    expect(await screen.findByRole('heading', { name: 'No users found' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add First User' }))
    expect(await screen.findByRole('dialog', { name: 'Add New User' })).toBeInTheDocument()
  })

  it("shows the server's message when the list cannot be loaded", async () => {
    server.use(
      http.get(apiUrl('/users'), () =>
        HttpResponse.json({ success: false, code: 'internal', message: '' }, { status: 500 }),
      ),
    )
    renderPage()
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument()
  })

  it('validates the add form like the server, then creates the user and reloads the list', async () => {
    wideScreen()
    const list = serveUsers([admin])
    let body: unknown
    server.use(
      http.post(apiUrl('/users'), async ({ request }) => {
        body = await request.json()
        list.users = [admin, uma]
        return HttpResponse.json(
          { success: true, data: uma, message: 'User created successfully' },
          { status: 201 },
        )
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Ada Admin')
    await user.click(screen.getByRole('button', { name: 'Add User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    expect(within(dialog).getByLabelText('Role')).toHaveValue('user')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Name'), 'U')
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email')
    await user.type(within(dialog).getByLabelText('Password'), 'Abc')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeInTheDocument()
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(body).toBeUndefined()

    await user.type(within(dialog).getByLabelText('Name'), 'ma User')
    await user.clear(within(dialog).getByLabelText('Email'))
    await user.type(within(dialog).getByLabelText('Email'), 'uma@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'def4567')
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Superadmin')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument(),
    )
    expect(body).toEqual({ name: 'Uma User', email: 'uma@example.com', password: 'Abcdef4567', role: 'superadmin' })
    expect(await screen.findByText('User created successfully')).toBeInTheDocument()
    expect(await screen.findByText('uma@example.com')).toBeInTheDocument()
  })

  it("keeps the add form open with the server's refusal in a dismissible alert", async () => {
    wideScreen()
    serveUsers([admin])
    server.use(
      http.post(apiUrl('/users'), () =>
        HttpResponse.json(
          { success: false, code: 'conflict', message: 'An account with this email already exists' },
          { status: 409 },
        ),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Ada Admin')
    await user.click(screen.getByRole('button', { name: 'Add User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    await user.type(within(dialog).getByLabelText('Name'), 'Uma User')
    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'Secret123')
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('An account with this email already exists')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Uma User')
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect(within(dialog).queryByText('An account with this email already exists')).not.toBeInTheDocument()
  })

  it("shows the server's refusal of a common password on the password field", async () => {
    const tooCommon = 'This password is too common. Please choose another.'
    wideScreen()
    serveUsers([admin])
    server.use(
      http.post(apiUrl('/users'), () =>
        HttpResponse.json({ success: false, code: 'validation', message: tooCommon }, { status: 400 }),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Ada Admin')
    await user.click(screen.getByRole('button', { name: 'Add User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    await user.type(within(dialog).getByLabelText('Name'), 'Uma User')
    await user.type(within(dialog).getByLabelText('Email'), 'uma@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'Password1')
    expect(within(dialog).getByRole('list', { name: 'Password requirements' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveAccessibleErrorMessage(tooCommon))
    expect(within(dialog).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
  })

  it('edits a user: a blank password is left out of the request, a typed one is sent', async () => {
    wideScreen()
    serveUsers([admin, uma])
    const bodies: unknown[] = []
    server.use(
      http.put(apiUrl('/users/:id'), async ({ request, params }) => {
        expect(params.id).toBe('uma')
        bodies.push(await request.json())
        return HttpResponse.json({ success: true, data: uma, message: 'User updated successfully' })
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Edit')
    let dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Uma User')
    expect(within(dialog).getByLabelText('Email')).toHaveValue('uma@example.com')
    const password = within(dialog).getByLabelText('Password (leave blank to keep current)')
    expect(password).toHaveValue('')
    await user.clear(within(dialog).getByLabelText('Name'))
    await user.type(within(dialog).getByLabelText('Name'), 'Uma Jones')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toEqual({ name: 'Uma Jones', email: 'uma@example.com', role: 'user' })
    expect(bodies[0]).not.toHaveProperty('password')
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument())

    await chooseAction(user, 'Uma User', 'Edit')
    dialog = await screen.findByRole('dialog', { name: 'Edit User' })
    await user.type(within(dialog).getByLabelText('Password (leave blank to keep current)'), 'Secret1')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Password (leave blank to keep current)'), '23')
    await user.click(within(dialog).getByRole('button', { name: 'Update' }))
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]).toEqual({ name: 'Uma User', email: 'uma@example.com', role: 'user', password: 'Secret123' })
  })

  it('asks before deleting, naming the user, and deletes', async () => {
    wideScreen()
    const list = serveUsers([admin, uma])
    let deleted: unknown
    server.use(
      http.delete(apiUrl('/users/:id'), ({ params }) => {
        deleted = params.id
        list.users = [admin]
        return HttpResponse.json({ success: true, message: 'User deleted successfully' })
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await chooseAction(user, 'Uma User', 'Delete')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete User' })
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete user "Uma User"? This action cannot be undone.',
      ),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument()
    expect(deleted).toBe('uma')
    await waitFor(() => expect(screen.queryByText('Uma User')).not.toBeInTheDocument())
  })

  it('flips bank access at once and keeps the server answer', async () => {
    wideScreen()
    serveUsers([admin, uma])
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.put(apiUrl('/auth/toggle-bank-access/:id'), async () => {
        await gate
        return HttpResponse.json({
          success: true,
          data: { ...uma, canConnectBank: true },
          message: 'Bank access granted',
        })
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await user.click(screen.getByRole('button', { name: 'Bank Access for Uma User: Disabled' }))
    // Before the server has answered.
    expect(
      await screen.findByRole('button', { name: 'Bank Access for Uma User: Enabled' }),
    ).toBeInTheDocument()
    release()
    expect(await screen.findByText('Bank access granted')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Bank Access for Uma User: Enabled' })).toBeInTheDocument()
  })

  it('puts finalise access back, says why and reloads the list when the server fails', async () => {
    wideScreen()
    const list = serveUsers([admin, uma])
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.put(apiUrl('/auth/toggle-finalize-access/:id'), async () => {
        await gate
        return HttpResponse.json({ success: false, code: 'internal', message: '' }, { status: 500 })
      }),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    const callsBefore = list.calls
    await user.click(screen.getByRole('button', { name: 'Finalise Access for Uma User: Disabled' }))
    expect(
      await screen.findByRole('button', { name: 'Finalise Access for Uma User: Enabled' }),
    ).toBeInTheDocument()
    release()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to toggle finalise access')
    expect(
      await screen.findByRole('button', { name: 'Finalise Access for Uma User: Disabled' }),
    ).toBeInTheDocument()
    await waitFor(() => expect(list.calls).toBeGreaterThan(callsBefore))
  })

  it("rolls a bank toggle back with the server's message", async () => {
    serveUsers([admin, uma])
    server.use(
      http.put(apiUrl('/auth/toggle-bank-access/:id'), () =>
        HttpResponse.json(
          { success: false, code: 'internal', message: 'Something went wrong on our side' },
          { status: 500 },
        ),
      ),
    )
    const { user } = renderPage()
    await screen.findByText('Uma User')
    await user.click(screen.getByRole('button', { name: 'Bank Access for Uma User: Disabled' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side')
    expect(screen.getByRole('button', { name: 'Bank Access for Uma User: Disabled' })).toBeInTheDocument()
  })

  it("disables the toggles and the menu on the signed-in superadmin's own row", async () => {
    wideScreen()
    serveUsers([admin, uma])
    renderPage()
    await screen.findByText('Uma User')
    const own = rowOf('Ada Admin')
    expect(within(own).getByText('You')).toBeInTheDocument()
    expect(within(own).getByRole('button', { name: 'Bank Access for Ada Admin: Always' })).toBeDisabled()
    expect(within(own).getByRole('button', { name: 'Finalise Access for Ada Admin: Always' })).toBeDisabled()
    expect(within(own).getByRole('button', { name: 'Actions for Ada Admin' })).toBeDisabled()
    const other = rowOf('Uma User')
    expect(within(other).getByRole('button', { name: 'Bank Access for Uma User: Disabled' })).toBeEnabled()
    expect(within(other).getByRole('button', { name: 'Actions for Uma User' })).toBeEnabled()
  })

  it('shows a superadmin as always having both accesses, with nothing to switch', async () => {
    wideScreen()
    const sam = makeUser({ _id: 'sam', name: 'Sam Super', email: 'sam@example.com', role: 'superadmin' })
    serveUsers([admin, sam])
    renderPage()
    await screen.findByText('Sam Super')
    const row = rowOf('Sam Super')
    expect(within(row).getByRole('button', { name: 'Bank Access for Sam Super: Always' })).toBeDisabled()
    expect(within(row).getByRole('button', { name: 'Finalise Access for Sam Super: Always' })).toBeDisabled()
    expect(within(row).getByRole('button', { name: 'Actions for Sam Super' })).toBeEnabled()
  })
})
