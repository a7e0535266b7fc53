import { Button, Dialog } from '@chakra-ui/react'
import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { PlainDialog } from './plain-dialog'

/** A page with the button that opens the dialog, as the screens use it. */
function Page({ dismissible = true, onClose = () => {} }: { dismissible?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>About</Button>
      <PlainDialog
        open={open}
        onClose={() => {
          onClose()
          setOpen(false)
        }}
        title="About these figures"
        size="sm"
        dismissible={dismissible}
        footer={
          <Dialog.ActionTrigger asChild>
            <Button>Got it</Button>
          </Dialog.ActionTrigger>
        }
      >
        What the tiles mean.
      </PlainDialog>
    </>
  )
}

describe('PlainDialog', () => {
  it('shows the title, body and footer, and closes from its footer with the focus back on the opener', async () => {
    const onClose = vi.fn()
    const { user } = renderWithProviders(<Page onClose={onClose} />)
    await user.click(await screen.findByRole('button', { name: 'About' }))
    const dialog = await screen.findByRole('dialog', { name: 'About these figures' })
    expect(within(dialog).getByText('What the tiles mean.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Got it' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.getByRole('button', { name: 'About' })).toHaveFocus())
  })

  it('closes on Escape', async () => {
    const onClose = vi.fn()
    const { user } = renderWithProviders(<Page onClose={onClose} />)
    await user.click(await screen.findByRole('button', { name: 'About' }))
    const dialog = await screen.findByRole('dialog')
    // Escape reaches the dialog once it holds the focus (it moves there a frame after opening).
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('while not dismissible has no close button and ignores Escape', async () => {
    const onClose = vi.fn()
    const { user } = renderWithProviders(<Page dismissible={false} onClose={onClose} />)
    await user.click(await screen.findByRole('button', { name: 'About' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })
})
