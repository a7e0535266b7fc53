import { Menu, Portal } from '@chakra-ui/react'
import { screen, waitFor } from '@testing-library/react'
import { Plus } from 'lucide-react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { type HouseholdAccess, useNamedMembers } from '@/lib/household-access'
import { ALONE, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { ReadOnlyHint, WriteButton, WriteIconButton, WriteMenuGroup, WriteMenuItem } from './write-access'

const render = (ui: ReactElement, household?: HouseholdAccess) => renderWithProviders(ui, '/', { household })

describe('the write controls', () => {
  it('are disabled for a viewer, saying why as their title and accessible description', async () => {
    const onClick = vi.fn()
    render(
      <>
        <ReadOnlyHint />
        <WriteButton onClick={onClick}>Add Account</WriteButton>
        <WriteIconButton aria-label="Delete Groceries" title="Delete" onClick={onClick}>
          <Plus />
        </WriteIconButton>
      </>,
      VIEWER,
    )
    const add = await screen.findByRole('button', { name: 'Add Account' })
    expect(add).toBeDisabled()
    expect(add).toHaveAttribute('title', READ_ONLY)
    expect(add).toHaveAccessibleDescription(READ_ONLY)
    const remove = screen.getByRole('button', { name: 'Delete Groceries' })
    expect(remove).toBeDisabled()
    expect(remove).toHaveAccessibleDescription(READ_ONLY)
    // A phone shows no tooltip: the screen says it in words.
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
  })

  it('add the reason to a description a control already has', async () => {
    render(
      <>
        <p id="hint">CSV or OFX, up to 10 MB</p>
        <WriteButton aria-describedby="hint">Choose file</WriteButton>
      </>,
      VIEWER,
    )
    const choose = await screen.findByRole('button', { name: 'Choose file' })
    expect(choose).toBeDisabled()
    expect(choose).toHaveAccessibleDescription(`CSV or OFX, up to 10 MB ${READ_ONLY}`)
  })

  it('are as given for a member (and before the household is known)', async () => {
    for (const household of [MEMBER, undefined]) {
      const onClick = vi.fn()
      const { user, unmount } = render(
        <>
          <ReadOnlyHint />
          <WriteButton onClick={onClick}>Add Account</WriteButton>
          <WriteButton disabled title="Nothing to save">
            Save
          </WriteButton>
          <WriteIconButton aria-label="Delete Groceries" title="Delete" onClick={onClick}>
            <Plus />
          </WriteIconButton>
        </>,
        household,
      )
      await user.click(await screen.findByRole('button', { name: 'Add Account' }))
      await user.click(screen.getByRole('button', { name: 'Delete Groceries' }))
      expect(onClick).toHaveBeenCalledTimes(2)
      expect(screen.getByRole('button', { name: 'Delete Groceries' })).toHaveAttribute('title', 'Delete')
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
      expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('title', 'Nothing to save')
      expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
      unmount()
    }
  })

  it("put a viewer's menu entries under the reason, disabled", async () => {
    const { user } = render(
      <Menu.Root>
        <Menu.Trigger>Actions</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="share">Share</Menu.Item>
              <WriteMenuGroup>
                <WriteMenuItem value="edit">Edit</WriteMenuItem>
              </WriteMenuGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>,
      VIEWER,
    )
    await user.click(await screen.findByRole('button', { name: 'Actions' }))
    const edit = await screen.findByRole('menuitem', { name: 'Edit' })
    expect(edit).toHaveAttribute('aria-disabled', 'true')
    expect(edit).toHaveAccessibleDescription(READ_ONLY)
    expect(screen.getByRole('group', { name: READ_ONLY })).toContainElement(edit)
    expect(screen.getByRole('menuitem', { name: 'Share' })).not.toHaveAttribute('aria-disabled')
  })

  it("leave a member's menu as it was", async () => {
    const { user } = render(
      <Menu.Root>
        <Menu.Trigger>Actions</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <WriteMenuGroup>
                <WriteMenuItem value="edit">Edit</WriteMenuItem>
              </WriteMenuGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>,
      MEMBER,
    )
    await user.click(await screen.findByRole('button', { name: 'Actions' }))
    const edit = await screen.findByRole('menuitem', { name: 'Edit' })
    expect(edit).not.toHaveAttribute('aria-disabled')
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
  })
})

function Named() {
  const members = useNamedMembers()
  return <p>{members.map((m) => m.name).join(', ') || 'nobody'}</p>
}

describe('useNamedMembers', () => {
  it.each([
    ['a household of two', MEMBER, 'Jane Doe, Alice Smith'],
    ['a household of one', ALONE, 'nobody'],
    ['an unknown household', undefined, 'nobody'],
  ] as const)('names everyone in %s', async (_what, household, text) => {
    render(<Named />, household)
    await waitFor(() => expect(screen.getByText(text)).toBeInTheDocument())
  })
})
