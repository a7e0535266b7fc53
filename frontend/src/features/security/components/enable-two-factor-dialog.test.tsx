import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { SecurityPage } from './security-page'
import { GOOD_CODE, RECOVERY_CODES, SECRET, serveSecurity } from './test-handlers'

afterEach(() => vi.restoreAllMocks())

function renderPage() {
  return renderWithProviders(<SecurityPage accountEmail="alice@example.com" />, '/security')
}

async function openEnrolment(view: ReturnType<typeof renderPage>) {
  const card = await screen.findByRole('region', { name: 'Two-factor authentication' })
  expect(await within(card).findByText('Off')).toBeInTheDocument()
  await view.user.click(within(card).getByRole('button', { name: 'Turn on' }))
  return screen.findByRole('dialog', { name: 'Turn on two-factor authentication' })
}

describe('Turning two-factor sign-in on', () => {
  it('shows the QR code of the setup and its key in groups of four, with a copy button', async () => {
    const state = serveSecurity()
    const view = renderPage()
    const dialog = await openEnrolment(view)

    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument()
    const qr = await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' })
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/)
    expect(within(dialog).getByTestId('setup-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    await view.user.click(within(dialog).getByRole('button', { name: 'Copy key' }))
    // user-event's stand-in clipboard.
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET)
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(state.setups).toBe(1)
  })

  it('confirms with a code, then shows the ten recovery codes once, to copy or download', async () => {
    const state = serveSecurity()
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const view = renderPage()
    const dialog = await openEnrolment(view)
    await within(dialog).findByTestId('setup-key')
    await view.user.click(within(dialog).getByRole('button', { name: 'Next' }))

    expect(within(dialog).getByText('Step 2 of 3')).toBeInTheDocument()
    const code = within(dialog).getByLabelText('Authentication code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await waitFor(() => expect(code).toHaveFocus())
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText('Enter the 6-digit code')).toBeInTheDocument()

    await view.user.type(code, '654321')
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(await within(dialog).findByText('Invalid authentication code')).toBeInTheDocument()

    await view.user.clear(code)
    await view.user.type(code, GOOD_CODE)
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' })
    expect(within(dialog).getByText('Step 3 of 3')).toBeInTheDocument()
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(RECOVERY_CODES)
    expect(state.calls.filter((c) => c.path === '/auth/2fa/enable').map((c) => c.body)).toEqual([
      { code: '654321' },
      { code: GOOD_CODE },
    ])
    // Already on behind the dialog.
    expect(await screen.findByText('On')).toBeInTheDocument()

    await view.user.click(within(dialog).getByRole('button', { name: 'Download' }))
    expect(createObjectURL).toHaveBeenCalledOnce()
    const text = await createObjectURL.mock.calls[0]![0].text()
    expect(text).toContain('MySpending recovery codes for alice@example.com')
    expect(text.trim().split('\n').slice(-10)).toEqual(RECOVERY_CODES)

    // Only the button closes it: the codes are not shown again.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await view.user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Turn on two-factor authentication' })).toBeInTheDocument()
    await view.user.click(within(dialog).getByRole('button', { name: 'I have saved these codes' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText('Recovery codes left:')).toHaveTextContent('Recovery codes left: 10')
  })

  it('copies the recovery codes, one a line', async () => {
    serveSecurity()
    const view = renderPage()
    const dialog = await openEnrolment(view)
    await within(dialog).findByTestId('setup-key')
    await view.user.click(within(dialog).getByRole('button', { name: 'Next' }))
    await view.user.type(within(dialog).getByLabelText('Authentication code'), GOOD_CODE)
    await view.user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await within(dialog).findByRole('list', { name: 'Recovery codes' })
    await view.user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await expect(navigator.clipboard.readText()).resolves.toBe(RECOVERY_CODES.join('\n'))
  })

  it('starts a new setup on every opening, and changes nothing when cancelled', async () => {
    const state = serveSecurity()
    const view = renderPage()
    let dialog = await openEnrolment(view)
    await within(dialog).findByTestId('setup-key')
    await view.user.click(within(dialog).getByRole('button', { name: 'Next' }))
    await view.user.click(within(dialog).getByRole('button', { name: 'Back' }))
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    dialog = await openEnrolment(view)
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument()
    await within(dialog).findByTestId('setup-key')
    expect(state.setups).toBe(2)
    expect(state.calls.some((c) => c.path === '/auth/2fa/enable')).toBe(false)
  })

  it("shows the server's refusal of a setup, and cannot go on", async () => {
    const state = serveSecurity()
    const view = renderPage()
    // Turned on meanwhile from another device: this page still says Off.
    await screen.findByText('Off')
    state.twoFactor = { enabled: true, recoveryCodesLeft: 10 }
    await view.user.click(screen.getByRole('button', { name: 'Turn on' }))
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' })
    expect(await within(dialog).findByText('Two-factor authentication is already enabled')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled()
  })
})
