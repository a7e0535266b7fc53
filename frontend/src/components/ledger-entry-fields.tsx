import { Button, Field, Group, SimpleGrid } from '@chakra-ui/react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { AccountOptions } from './account-options'
import { ErrorAlert } from './error-alert'
import { SelectField } from './select-field'

/**
 * The field groups the transaction and transfer forms share with their recurring twins (the
 * transactions and recurring features cannot import each other, so they live here).
 */

type Account = { _id: string; name: string; type: string }
type Category = { _id: string; name: string }

type EntryTypeToggleProps = {
  /** The id of the 'Type' label, unique on the page. */
  labelId: string
  value: 'income' | 'expense'
  onChange: (next: 'income' | 'expense') => void
  error?: string
}

/** Type: Expense (red) or Income (green), two pressed/unpressed buttons side by side. */
export function EntryTypeToggle({ labelId, value, onChange, error }: EntryTypeToggleProps) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label id={labelId}>Type</Field.Label>
      <Group attached w="full" role="group" aria-labelledby={labelId}>
        <Button
          type="button"
          flex="1"
          colorPalette="red"
          variant={value === 'expense' ? 'solid' : 'outline'}
          aria-pressed={value === 'expense'}
          onClick={() => onChange('expense')}
        >
          Expense
        </Button>
        <Button
          type="button"
          flex="1"
          colorPalette="green"
          variant={value === 'income' ? 'solid' : 'outline'}
          aria-pressed={value === 'income'}
          onClick={() => onChange('income')}
        >
          Income
        </Button>
      </Group>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  )
}

type CategoryAccountFieldsProps = {
  /** The categories offered (already filtered for the entry's type). */
  categories: readonly Category[]
  accounts: readonly Account[]
  /** The accounts loaded and there are none: the account select says so. */
  noAccounts: boolean
  /** `register('categoryId')` and `register('accountId')` of the form. */
  category: UseFormRegisterReturn
  account: UseFormRegisterReturn
  categoryError?: string
  accountError?: string
  /** The categories are chosen elsewhere (a split's parts): only the Account select shows. */
  withoutCategory?: boolean
}

/** Category and Account selects, side by side from md up. */
export function CategoryAccountFields(props: CategoryAccountFieldsProps) {
  const { categories, accounts, noAccounts, category, account, categoryError, accountError, withoutCategory } = props
  return (
    <SimpleGrid columns={{ base: 1, md: withoutCategory ? 1 : 2 }} gap="4">
      {withoutCategory ? null : (
        <SelectField label="Category" placeholder="Select a category" error={categoryError} {...category}>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label="Account"
        placeholder="Select an account"
        error={accountError}
        helperText={noAccounts ? 'No accounts available. Please add an account first.' : undefined}
        {...account}
      >
        <AccountOptions accounts={accounts} />
      </SelectField>
    </SimpleGrid>
  )
}

/** The notice a transfer form shows while the user has fewer than two accounts. */
export function FewAccountsNotice({ show }: { show: boolean }) {
  return <ErrorAlert status="info" message={show ? 'You need at least two accounts to make a transfer.' : null} />
}

type TransferAccountFieldsProps = {
  accounts: readonly Account[]
  /** The chosen source account: the To list leaves it out. */
  fromValue: string
  /** `register('fromAccountId')` and `register('toAccountId')` of the form. */
  from: UseFormRegisterReturn
  to: UseFormRegisterReturn
  fromError?: string
  toError?: string
}

/** From Account and To Account selects, side by side from md up. */
export function TransferAccountFields(props: TransferAccountFieldsProps) {
  const { accounts, fromValue, from, to, fromError, toError } = props
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <SelectField label="From Account" placeholder="Select an account" error={fromError} {...from}>
        <AccountOptions accounts={accounts} />
      </SelectField>
      <SelectField label="To Account" placeholder="Select an account" error={toError} {...to}>
        <AccountOptions accounts={accounts.filter((a) => a._id !== fromValue)} />
      </SelectField>
    </SimpleGrid>
  )
}
