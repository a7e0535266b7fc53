import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { SecurityPage } from './security-page'
import { oldLaptop, phone, serveSecurity, thisDevice } from './test-handlers'

beforeEach(() => toaster.remove())

function renderPage() {
  return renderWithProviders(<SecurityPage />, '/security')
}

const rows = () => screen.getAllByTestId('device-row')
const rowOf = (name: string) => rows().find((row) => within(row).queryByText(name))!

describe('Signed-in devices', () => {
  it('lists this device first, then the others most recently active first, by name', async () => {
    serveSecurity({ sessions: [oldLaptop, phone, thisDevice] })
    renderPage()
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    const names = within(list).getAllByTestId('device-row').map((row) => row.querySelector('p')?.textContent)
    expect(names).toEqual(['Firefox on Linux', 'Safari on iPhone', 'Chrome on Windows'])

    const current = rowOf('Firefox on Linux')
    expect(within(current).getByText('This device')).toBeInTheDocument()
    expect(current).toHaveTextContent('203.0.113.7 · Active now')
    expect(within(current).queryByRole('button')).not.toBeInTheDocument()

    expect(rowOf('Safari on iPhone')).toHaveTextContent('198.51.100.20 · Last active 2 minutes ago')
    // No address known: none shown. The exact time is the title, in London time.
    const laptop = rowOf('Chrome on Windows')
    expect(laptop).toHaveTextContent(/^Chrome on WindowsLast active/)
    expect(within(laptop).getByTitle('02/11/2026 09:05')).toHaveAttribute('datetime', oldLaptop.lastSeenAt)
  })

  it('signs out one other device once confirmed, and the list refreshes', async () => {
    const state = serveSecurity({ sessions: [thisDevice, phone, oldLaptop] })
    const { user } = renderPage()
    await screen.findByText('Safari on iPhone')
    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out device' })
    expect(dialog).toHaveTextContent('Sign out Safari on iPhone? It will need to log in again.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(state.calls).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('Signed out of that device')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument())
    expect(rows()).toHaveLength(2)
    expect(state.calls).toEqual([{ method: 'DELETE', path: '/auth/sessions/s-phone' }])
  })

  it('signs out every other device once confirmed, keeping this one', async () => {
    const state = serveSecurity({ sessions: [thisDevice, phone, oldLaptop] })
    const { user } = renderPage()
    await screen.findByText('Safari on iPhone')
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other devices' })
    expect(dialog).toHaveTextContent('This device stays signed in.')
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all' }))

    expect(await screen.findByText('Signed out of all other devices')).toBeInTheDocument()
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(rowOf('Firefox on Linux')).toBeInTheDocument()
    expect(state.calls).toEqual([{ method: 'POST', path: '/auth/sessions/revoke-others' }])
    // Nothing else to sign out.
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).not.toBeInTheDocument()
  })

  it('names a device it cannot tell as unknown', async () => {
    serveSecurity({ sessions: [thisDevice, { ...phone, userAgent: null }] })
    renderPage()
    expect(await screen.findByText('Unknown device')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign out Unknown device' })).toBeInTheDocument()
  })
})
