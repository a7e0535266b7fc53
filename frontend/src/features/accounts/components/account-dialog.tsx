import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { ErrorAlert } from '@/components/error-alert'
import { useDialogSize } from '@/components/use-dialog-size'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import type { Account } from '@/lib/api/types'
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, isCreditType } from '@/lib/ledger/account-types'
import { CREATE_ACCOUNT_FALLBACK_ERROR, useCreateAccount } from '../api/create-account'
import { UPDATE_ACCOUNT_FALLBACK_ERROR, useUpdateAccount } from '../api/update-account'
import {
  type AccountFormInput,
  type AccountFormValues,
  accountSchema,
  accountToForm,
  emptyAccountForm,
  toAccountRequest,
} from '../schemas/account'

type AccountDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when given. */
  account?: Account | null
  onSaved?: (account: Account, mode: 'create' | 'update') => void
}

/** Add or edit an account (spec §5 account form). */
export function AccountDialog({ open, onClose, account, onSaved }: AccountDialogProps) {
  const dialogSize = useDialogSize()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      size={dialogSize}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <AccountForm
            account={account ?? null}
            onDone={(saved, mode) => {
              onSaved?.(saved, mode)
              onClose()
            }}
          />
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

type AccountFormProps = {
  account: Account | null
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
  } = useForm<AccountFormInput, unknown, AccountFormValues>({
    resolver: zodResolver(accountSchema),
    defaultValues: account ? accountToForm(account) : emptyAccountForm(),
  })
  const type = useWatch({ control, name: 'type' })
  const credit = isCreditType(type)

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
    <Dialog.Content asChild>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{editing ? 'Edit Account' : 'Add Account'}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <ErrorAlert
              message={
                mutation.isError
                  ? getErrorMessage(
                      mutation.error,
                      editing ? UPDATE_ACCOUNT_FALLBACK_ERROR : CREATE_ACCOUNT_FALLBACK_ERROR,
                    )
                  : null
              }
              onClose={() => mutation.reset()}
            />
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
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="submit"
            colorPalette="teal"
            loading={mutation.isPending}
            loadingText={editing ? 'Updating...' : 'Adding...'}
          >
            {editing ? 'Update Account' : 'Add Account'}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label="Close" />
        </Dialog.CloseTrigger>
      </form>
    </Dialog.Content>
  )
}
