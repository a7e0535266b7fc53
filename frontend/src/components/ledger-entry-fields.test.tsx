import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { CategoryAccountFields, EntryTypeToggle, FewAccountsNotice, TransferAccountFields } from './ledger-entry-fields'

const accounts = [
  { _id: 'acc-1', name: 'Current', type: 'checking' },
  { _id: 'acc-2', name: 'Savings', type: 'savings' },
]
/** Stands in for a form's register(): a name and no-op handlers. */
const registered = (name: string) => ({ name, onChange: async () => {}, onBlur: async () => {}, ref: () => {} })

function Toggle() {
  const [type, setType] = useState<'income' | 'expense'>('expense')
  return <EntryTypeToggle labelId="type-label" value={type} onChange={setType} error="Type must be income or expense" />
}

describe('EntryTypeToggle', () => {
  it('presses the chosen type, switches on a click and shows its message', async () => {
    const { user } = renderWithProviders(<Toggle />)
    const group = await screen.findByRole('group', { name: 'Type' })
    expect(within(group).getByRole('button', { name: 'Expense' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(group).getByRole('button', { name: 'Income' }))
    expect(within(group).getByRole('button', { name: 'Income' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(group).getByRole('button', { name: 'Expense' })).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByText('Type must be income or expense')).toBeInTheDocument()
  })
})

describe('CategoryAccountFields', () => {
  it('lists the categories and accounts, and says when there is no account', async () => {
    renderWithProviders(
      <CategoryAccountFields
        categories={[{ _id: 'cat-1', name: 'Groceries' }]}
        accounts={[]}
        noAccounts
        category={registered('categoryId')}
        account={registered('accountId')}
        categoryError="Category is required"
      />,
    )
    const category = await screen.findByLabelText('Category')
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a category',
      'Groceries',
    ])
    expect(screen.getByText('Category is required')).toBeInTheDocument()
    expect(screen.getByText('No accounts available. Please add an account first.')).toBeInTheDocument()
  })
})

describe('TransferAccountFields', () => {
  it('leaves the source account out of the To list', async () => {
    renderWithProviders(
      <TransferAccountFields
        accounts={accounts}
        fromValue="acc-1"
        from={registered('fromAccountId')}
        to={registered('toAccountId')}
      />,
    )
    const to = await screen.findByLabelText('To Account')
    expect(within(to).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select an account',
      'Savings (Savings Account)',
    ])
    expect(within(screen.getByLabelText('From Account')).getAllByRole('option')).toHaveLength(3)
  })
})

describe('FewAccountsNotice', () => {
  it('says a transfer needs two accounts only when told to', async () => {
    renderWithProviders(
      <>
        <FewAccountsNotice show />
        <FewAccountsNotice show={false} />
      </>,
    )
    expect(await screen.findAllByText('You need at least two accounts to make a transfer.')).toHaveLength(1)
  })
})
