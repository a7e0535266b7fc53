import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { admin, cardOf, renderPage, rowOf, serveUsers, uma, wideScreen } from '@/test/users-kit'
import { ACCESS_HELP } from '../lib/labels'

afterEach(() => vi.restoreAllMocks())

/** The text an element's aria-describedby points to. */
function description(el: HTMLElement) {
  const ids = el.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('UsersPage: what each permission allows', () => {
  // Its waits allow for a loaded machine (the whole suite on two cores), and so does its own limit.
  it('opens a column header help with the keyboard, and closes it with Escape', async () => {
    wideScreen()
    serveUsers([admin, uma])
    const { user } = renderPage()
    const table = await screen.findByRole('table', { name: 'Users' })
    const help = within(table).getByRole('button', { name: 'What Finalise Access allows' })
    help.focus()
    await user.keyboard('{Enter}')
    const tip = await screen.findByTestId('access-help')
    expect(tip).toHaveTextContent('Finalise Access')
    expect(tip).toHaveTextContent(ACCESS_HELP.finalise)
    expect(tip).toHaveTextContent('A superadmin always has both.')
    // The popover takes the focus a frame after it opens; an Escape before that is the page's.
    await waitFor(() => expect(tip).toContainElement(document.activeElement as HTMLElement))
    await user.keyboard('{Escape}')
    // The popover's closing animation may take more than waitFor's second on a loaded machine.
    await waitFor(() => expect(screen.queryByTestId('access-help')).not.toBeInTheDocument(), { timeout: 5_000 })

    await user.click(within(table).getByRole('button', { name: 'What Bank Access allows' }))
    expect(await screen.findByTestId('access-help')).toHaveTextContent(ACCESS_HELP.bank)
  }, 15_000)

  it("describes each toggle in the table by what it allows, for a screen reader", async () => {
    wideScreen()
    serveUsers([admin, uma])
    renderPage()
    await screen.findByText('Uma User')
    const row = rowOf('Uma User')
    const bank = within(row).getByRole('button', { name: 'Bank Access for Uma User: Disabled' })
    const finalise = within(row).getByRole('button', { name: 'Finalise Access for Uma User: Disabled' })
    expect(description(bank)).toBe(ACCESS_HELP.bank)
    expect(description(finalise)).toBe(ACCESS_HELP.finalise)
    expect(ACCESS_HELP.bank).toMatch(/Connect Bank/)
    expect(ACCESS_HELP.finalise).toMatch(/Finalise Month/)
  })

  it('says under each permission on a phone card what it allows', async () => {
    serveUsers([admin, uma])
    renderPage()
    await screen.findByText('Uma User')
    const card = cardOf('Uma User')
    const lines = within(card).getAllByTestId('access-help').map((l) => l.textContent)
    expect(lines).toEqual([ACCESS_HELP.bank, ACCESS_HELP.finalise])
    const bank = within(card).getByRole('button', { name: 'Bank Access for Uma User: Disabled' })
    expect(description(bank)).toBe(ACCESS_HELP.bank)
  })
})
