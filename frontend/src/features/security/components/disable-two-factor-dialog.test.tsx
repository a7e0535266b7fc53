import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { SecurityPage } from './security-page'
import { GOOD_CODE, RECOVERY_CODES, serveSecurity } from './test-handlers'

beforeEach(() => toaster.remove())

function renderPage() {
  return renderWithProviders(<SecurityPage />, '/security')
}

async function openTurnOff(view: ReturnType<typeof renderPage>) {
  const card = await screen.findByRole('region', { name: 'Two-factor authentication' })
  await view.user.click(await within(card).findByRole('button', { name: 'Turn off' }))
  return screen.findByRole('dialog', { name: 'Turn off two-factor authentication' })
}

describe('Two-factor sign-in when on', () => {
  it('says so, with the recovery codes left, and no warning while there are plenty', async () => {
    serveSecurity({ twoFactor: { enabled: true, recoveryCodesLeft: 8 } })
    renderPage()
    const card = await screen.findByRole('region', { name: 'Two-factor authentication' })
    expect(await within(card).findByText('On')).toBeInTheDocument()
    expect(within(card).getByText('Recovery codes left:')).toHaveTextContent('Recovery codes left: 8')
    expect(within(card).queryByText(/off and on again to get/)).not.toBeInTheDocument()
    expect(within(card).queryByRole('button', { name: 'Turn on' })).not.toBeInTheDocument()
  })

  it.each([
    [3, 'Only 3 recovery codes left'],
    [1, 'Only 1 recovery code left'],
    [0, 'You have no recovery codes left'],
  ])('warns when %i recovery codes are left', async (left, warning) => {
    serveSecurity({ twoFactor: { enabled: true, recoveryCodesLeft: left } })
    renderPage()
    expect(await screen.findByText(warning)).toBeInTheDocument()
    expect(screen.getByText(/Turn two-factor authentication off and on again/)).toBeInTheDocument()
  })

  it('turns off with the password and a code, saying so', async () => {
    const state = serveSecurity({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } })
    const view = renderPage()
    const dialog = await openTurnOff(view)
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a code from your app or a recovery code')).toBeInTheDocument()

    await view.user.type(within(dialog).getByLabelText('Password'), 'secret1')
    await view.user.type(within(dialog).getByLabelText('Authentication or recovery code'), GOOD_CODE)
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn off' }))

    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await screen.findByText('Off')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument()
    expect(state.calls.map((c) => c.body)).toEqual([{ password: 'secret1', code: GOOD_CODE }])
  })

  it('takes a recovery code in place of the app', async () => {
    const state = serveSecurity({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } })
    const view = renderPage()
    const dialog = await openTurnOff(view)
    await view.user.type(within(dialog).getByLabelText('Password'), 'secret1')
    await view.user.type(within(dialog).getByLabelText('Authentication or recovery code'), ` ${RECOVERY_CODES[4]} `)
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Two-factor authentication disabled')).toBeInTheDocument()
    expect(state.calls.map((c) => c.body)).toEqual([{ password: 'secret1', code: RECOVERY_CODES[4] }])
  })

  it.each([
    ['wrong-pass', GOOD_CODE, 'Current password is incorrect'],
    ['secret1', '000000', 'Invalid authentication code'],
  ])("keeps the dialog open with the server's refusal (%s, %s)", async (password, code, message) => {
    serveSecurity({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } })
    const view = renderPage()
    const dialog = await openTurnOff(view)
    await view.user.type(within(dialog).getByLabelText('Password'), password)
    await view.user.type(within(dialog).getByLabelText('Authentication or recovery code'), code)
    await view.user.click(within(dialog).getByRole('button', { name: 'Turn off' }))
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Password')).toHaveValue(password)
    expect(screen.getByText('On')).toBeInTheDocument()
  })
})
