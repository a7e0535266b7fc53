import { Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { notifySuccess } from '@/components/notify'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import type { Account } from '@/lib/api/types'
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, isCreditType } from '@/lib/ledger/account-types'
import { CREATE_ACCOUNT_FALLBACK_ERROR, useCreateAccount } from '../api/create-account'
import { UPDATE_ACCOUNT_FALLBACK_ERROR, useUpdateAccount } from '../api/update-account'
import {
  accountSchema,
  accountToForm,
  emptyAccountForm,
  toAccountRequest,
  VISIBILITY_LABELS,
} from '../schemas/account'

type AccountDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when given. */
  account?: Account | null
  /** The signed-in member: only the account's owner may change who sees it. */
  memberId?: string
  onSaved?: (account: Account, mode: 'create' | 'update') => void
}

/** Add or edit an account. */
export function AccountDialog({ open, onClose, account, memberId, onSaved }: AccountDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AccountForm
        account={account ?? null}
        memberId={memberId}
        onDone={(saved, mode) => {
          notifySuccess(mode === 'create' ? 'Account created successfully' : 'Account updated successfully')
          onSaved?.(saved, mode)
          onClose()
        }}
      />
    </FormDialog>
  )
}

type AccountFormProps = {
  account: Account | null
  memberId?: string
  onDone: (saved: Account, mode: 'create' | 'update') => void
}

function AccountForm(props: AccountFormProps) {
  const [account] = useState(props.account)
  const editing = account !== null
  const createMutation = useCreateAccount()
  const updateMutation = useUpdateAccount()
  const mutation = editing ? updateMutation : createMutation
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(accountSchema, account ? accountToForm(account) : emptyAccountForm())
  const type = useWatch({ control, name: 'type' })
  const credit = isCreditType(type)
  // Only the account's owner decides who sees it; the others may still edit the rest.
  const mayChangeVisibility = !account || account.ownerId === props.memberId

  const onSubmit = handleSubmit((values) => {
    const body = toAccountRequest(values)
    if (account) {
      updateMutation.mutate(
        { id: account._id, body },
        { onSuccess: (saved) => props.onDone(saved, 'update') },
      )
    } else {
      createMutation.mutate(body, { onSuccess: (saved) => props.onDone(saved, 'create') })
    }
  })

  return (
    <FormDialogForm
      writes
      title={editing ? 'Edit Account' : 'Add Account'}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, editing ? UPDATE_ACCOUNT_FALLBACK_ERROR : CREATE_ACCOUNT_FALLBACK_ERROR)}
      submitLabel={editing ? 'Update Account' : 'Add Account'}
      pendingLabel={editing ? 'Updating...' : 'Adding...'}
    >
      <FormField
        label="Account Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField label="Account Type" error={errors.type?.message} {...register('type')}>
        {ACCOUNT_TYPES.map((t) => (
          <option key={t} value={t}>
            {ACCOUNT_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Initial Balance"
        inputMode="decimal"
        autoComplete="off"
        error={errors.initialBalance?.message}
        helperText={
          credit
            ? 'Any debt you already owe on it; it is kept as a negative balance.'
            : 'The balance when you start tracking this account.'
        }
        {...register('initialBalance')}
      />
      {credit ? (
        <FormField
          label="Credit Limit"
          inputMode="decimal"
          autoComplete="off"
          error={errors.creditLimit?.message}
          {...register('creditLimit')}
        />
      ) : null}
      {mayChangeVisibility ? (
        <SelectField
          label="Who sees it"
          error={errors.visibility?.message}
          helperText="Only you see a private account and what is on it; the others see a transfer with a shared account as from or to a private account."
          {...register('visibility')}
        >
          {Object.entries(VISIBILITY_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Shared with the household. Only the account's owner can change who sees it.
        </Text>
      )}
    </FormDialogForm>
  )
}
