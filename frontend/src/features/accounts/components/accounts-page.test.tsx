import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Account } from '@/lib/api/types'
import { makeAccount, makeUser } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { AccountsPage } from './accounts-page'
import { highlightMenuItem } from '@/test/menu'

function serveAccounts(accounts: Account[], netWorth: number) {
  server.use(
    http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({ success: true, data: { accounts, netWorth, totalAccounts: accounts.length } }),
    ),
  )
}

const current = makeAccount({
  initialBalance: 1000,
  currentBalance: 3109.88,
  totalIncome: 2500,
  totalExpenses: -90.12,
  totalTransfers: -300,
})
const card = makeAccount({
  _id: 'acc-card',
  name: 'Travel Card',
  type: 'credit_card',
  initialBalance: 0,
  currentBalance: -239.49,
  creditLimit: 2000,
  availableCredit: 1760.51,
  currentDebt: 239.49,
  existingDebt: 0,
  creditUsed: 12,
})
const cash = makeAccount({ _id: 'acc-cash', name: 'Wallet', type: 'cash', initialBalance: 0, currentBalance: 0 })

function cardOf(name: string) {
  return screen.getAllByTestId('account-card').find((c) => within(c).queryByText(name))!
}

describe('AccountsPage', () => {
  it('shows the tiles, type chips, balances in their colours and the breakdown', async () => {
    serveAccounts([current, card, cash], 2870.39)
    renderWithProviders(<AccountsPage onTransfer={() => {}} />)
    await screen.findByText('Everyday Current')
    expect(screen.getByTestId('tile-Net Worth')).toHaveTextContent('£2,870.39')
    expect(screen.getByTestId('tile-Total Accounts')).toHaveTextContent('3')
    expect(screen.getByTestId('tile-Active Accounts')).toHaveTextContent('2')

    const c = cardOf('Everyday Current')
    expect(within(c).getByText('Current Account')).toBeInTheDocument()
    expect(within(c).getByTestId('account-balance')).toHaveTextContent('£3,109.88')
    expect(within(c).getByTestId('account-breakdown')).toHaveTextContent(
      'Initial £1,000.00Income £2,500.00Expenses -£90.12Transfers -£300.00',
    )

    const k = cardOf('Travel Card')
    expect(within(k).getByText('Credit Card')).toBeInTheDocument()
    expect(within(k).getByTestId('account-balance')).toHaveTextContent('-£239.49')
    expect(within(k).getByText('Limit £2,000.00')).toBeInTheDocument()
    expect(within(k).getByText('Available £1,760.51')).toBeInTheDocument()
    // No breakdown when the opening balance is zero.
    expect(within(k).queryByTestId('account-breakdown')).not.toBeInTheDocument()
    expect(within(cardOf('Wallet')).getByText('Cash')).toBeInTheDocument()
  })

  it("shows 'No accounts yet' without accounts", async () => {
    serveAccounts([], 0)
    renderWithProviders(<AccountsPage onTransfer={() => {}} />)
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument()
  })

  it('asks before deleting and shows the refusal for an account with transactions', async () => {
    serveAccounts([current], 3109.88)
    server.use(
      http.delete(apiUrl('/accounts/:id'), () =>
        HttpResponse.json(
          { success: false, message: 'Cannot delete an account that has transactions.' },
          { status: 409 },
        ),
      ),
    )
    const { user } = renderWithProviders(<AccountsPage onTransfer={() => {}} />)
    await screen.findByText('Everyday Current')
    await user.click(screen.getByRole('button', { name: 'Actions for Everyday Current' }))
    const item = await screen.findByRole('menuitem', { name: 'Delete Account' })
    await highlightMenuItem(user, item)
    expect(item).toHaveAttribute('data-highlighted')
    // Each arrow key also focuses the menu a frame later: that frame passes before Enter.
    await new Promise((resolve) => setTimeout(resolve, 50))
    await user.keyboard('{Enter}')

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Account' })
    expect(within(dialog).getByText('Are you sure you want to delete "Everyday Current"?')).toBeInTheDocument()
    expect(
      within(dialog).getByText('This action cannot be undone. The account must have no transactions to be deleted.'),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText('Cannot delete an account that has transactions.')).toBeInTheDocument()
  })

  it('requires a credit limit for a credit card and sends amounts as text', async () => {
    serveAccounts([], 0)
    let body: unknown
    server.use(
      http.post(apiUrl('/accounts'), async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ success: true, data: card, message: 'Account created successfully' }, { status: 201 })
      }),
    )
    const { user } = renderWithProviders(<AccountsPage onTransfer={() => {}} />)
    await user.click((await screen.findAllByRole('button', { name: 'Add Manually' }))[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Add Account' })
    expect(within(dialog).queryByLabelText('Credit Limit')).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Account Name'), 'Travel Card')
    await user.selectOptions(within(dialog).getByLabelText('Account Type'), 'Credit Card')
    await user.clear(within(dialog).getByLabelText('Initial Balance'))
    await user.type(within(dialog).getByLabelText('Initial Balance'), '150')
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }))
    expect(await within(dialog).findByText('Credit limit is required for credit accounts')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Credit Limit'), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }))
    expect(
      await within(dialog).findByText('Credit limit must be greater than 0 for credit accounts'),
    ).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Credit Limit'))
    await user.type(within(dialog).getByLabelText('Credit Limit'), '2000')
    await user.click(within(dialog).getByRole('button', { name: 'Add Account' }))
    await waitFor(() =>
      expect(body).toEqual({
        name: 'Travel Card',
        type: 'credit_card',
        initialBalance: '-150.00',
        creditLimit: '2000.00',
        visibility: 'household',
      }),
    )
  })

  it('marks a private account and lets only its owner change who sees an account', async () => {
    const stash = makeAccount({ _id: 'acc-stash', name: 'Stash', type: 'savings', visibility: 'private' })
    const joint = makeAccount({ _id: 'acc-joint', name: 'Joint', ownerId: 'u2' })
    serveAccounts([stash, joint], 2000)
    let body: Record<string, unknown> = {}
    server.use(
      http.put(apiUrl('/accounts/:id'), async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ success: true, data: stash, message: 'Account updated successfully' })
      }),
    )
    const { user } = renderWithProviders(<AccountsPage onTransfer={() => {}} memberId="u1" />)
    await screen.findByText('Stash')
    expect(within(cardOf('Stash')).getByText('Private')).toBeInTheDocument()
    expect(within(cardOf('Joint')).queryByText('Private')).not.toBeInTheDocument()

    const edit = async (name: string) => {
      await user.click(screen.getByRole('button', { name: `Actions for ${name}` }))
      const item = await screen.findByRole('menuitem', { name: 'Edit Account' })
      await highlightMenuItem(user, item)
      await new Promise((r) => setTimeout(r, 50))
      await user.keyboard('{Enter}')
      return screen.findByRole('dialog', { name: 'Edit Account' })
    }
    // Someone else's shared account: editable, but who sees it is not theirs to change.
    let dialog = await edit('Joint')
    expect(within(dialog).queryByLabelText('Who sees it')).not.toBeInTheDocument()
    expect(within(dialog).getByText(/Only the account's owner can change who sees it/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Their own: they share it with the household.
    dialog = await edit('Stash')
    const who = within(dialog).getByLabelText('Who sees it')
    expect(who).toHaveValue('private')
    await user.selectOptions(who, 'Shared with the household')
    await user.click(within(dialog).getByRole('button', { name: 'Update Account' }))
    await waitFor(() => expect(body.visibility).toBe('household'))
  })

  it('shows the bank part app/ gives it, a Linked badge on linked cards, and Connect Bank when permitted', async () => {
    serveAccounts([current, card], 2870.39)
    let connects = 0
    const { user } = renderWithProviders(
      <AccountsPage
        onTransfer={() => {}}
        canConnectBank
        onConnectBank={() => (connects += 1)}
        bankSection={<p>Bank connections here</p>}
        linkedAccountIds={new Set(['acc-card'])}
      />,
    )
    await screen.findByText('Travel Card')
    expect(screen.getByText('Bank connections here')).toBeInTheDocument()
    expect(within(cardOf('Travel Card')).getByText('Linked')).toBeInTheDocument()
    expect(within(cardOf('Everyday Current')).queryByText('Linked')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Connect Bank' }))
    expect(connects).toBe(1)
  })

  it('shows Connect Bank switched off without permission, with the reason', async () => {
    serveAccounts([current], 3109.88)
    let connects = 0
    const { user } = renderWithProviders(
      <AccountsPage onTransfer={() => {}} canConnectBank={false} onConnectBank={() => (connects += 1)} />,
    )
    await screen.findByText('Everyday Current')
    const connect = screen.getByRole('button', { name: 'Connect Bank' })
    expect(connect).toBeDisabled()
    expect(connect).toHaveAccessibleDescription('Ask your administrator to allow bank linking.')
    expect(screen.getByText('Ask your administrator to allow bank linking.')).toBeVisible()
    await user.click(connect)
    expect(connects).toBe(0)
    expect(screen.getByRole('button', { name: 'Add Manually' })).toBeEnabled()
  })

  it('says the reason once in the empty state too, and nothing when permitted', async () => {
    serveAccounts([], 0)
    const { unmount } = renderWithProviders(
      <AccountsPage onTransfer={() => {}} canConnectBank={false} onConnectBank={() => {}} />,
    )
    await screen.findByText('No accounts yet')
    const buttons = screen.getAllByRole('button', { name: 'Connect Bank' })
    expect(buttons).toHaveLength(2)
    for (const b of buttons) {
      expect(b).toBeDisabled()
      expect(b).toHaveAccessibleDescription('Ask your administrator to allow bank linking.')
    }
    expect(screen.getAllByText('Ask your administrator to allow bank linking.')).toHaveLength(1)
    unmount()

    renderWithProviders(<AccountsPage onTransfer={() => {}} canConnectBank onConnectBank={() => {}} />)
    await screen.findByText('No accounts yet')
    for (const b of screen.getAllByRole('button', { name: 'Connect Bank' })) expect(b).toBeEnabled()
    expect(screen.queryByText('Ask your administrator to allow bank linking.')).not.toBeInTheDocument()
  })
})
