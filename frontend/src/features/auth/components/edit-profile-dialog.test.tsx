import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { EditProfileDialog } from './edit-profile-dialog'

const TOO_COMMON = 'This password is too common. Please choose another.'

function renderDialog() {
  const view = renderWithProviders(<EditProfileDialog user={makeUser()} open onClose={() => {}} />)
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Edit Profile' }) }
}

describe('Edit profile', () => {
  it('shows the strength of a new password only once one is typed', async () => {
    const { user, dialog } = renderDialog()
    expect(within(dialog).queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('New Password'), 'Newpass1')
    const requirements = within(dialog).getByRole('list', { name: 'Password requirements' })
    expect(requirements).toHaveTextContent('At least 8 characters(met)')
    expect(within(dialog).getByText('Strength:')).toHaveTextContent('Strength: Fair')
  })

  it("shows the server's refusal of a common new password on its field, not in an alert", async () => {
    server.use(
      http.put(apiUrl('/auth/profile'), () =>
        HttpResponse.json({ success: false, code: 'validation', message: TOO_COMMON }, { status: 400 }),
      ),
    )
    const { user, dialog } = renderDialog()
    await user.type(within(dialog).getByLabelText('Current Password'), 'oldpass')
    await user.type(within(dialog).getByLabelText('New Password'), 'Password1')
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'Password1')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    const field = within(dialog).getByLabelText('New Password')
    await waitFor(() => expect(field).toHaveAccessibleErrorMessage(TOO_COMMON))
    expect(field).toHaveFocus()
    expect(within(dialog).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument()
  })
})
