import { Button, Dialog, Flex, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { AccountOptions } from '@/components/account-options'
import { DIALOG_PX, DialogForm } from '@/components/dialog-form'
import { ErrorAlert } from '@/components/error-alert'
import { FormDialog } from '@/components/form-dialog'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { useIdempotencyKey } from '@/lib/api/idempotency'
import { formatMoney } from '@/lib/format'
import { useSchemaForm } from '@/lib/forms'
import { useOnline } from '@/lib/use-online'
import { COMPLETE_TRIP_FALLBACK_ERROR, NO_TRIP_ITEMS_ERROR, useCompleteTrip } from '../api/complete-trip'
import { TRIP_ACCOUNTS_FALLBACK_ERROR, useTripAccounts } from '../api/get-trip-accounts'
import { TRIP_CATEGORIES_FALLBACK_ERROR, useTripCategories } from '../api/get-trip-categories'
import type { TripLine } from '../api/types'
import { completeTripSchema } from '../schemas/shopping'
import { OFFLINE_TRIP_REASON } from './offline-banner'

export const NO_ACCOUNTS_TEXT = 'No accounts available. Please add an account first.'

type CompleteTripDialogProps = {
  open: boolean
  onClose: () => void
  /** The ticked rows as the trip's lines. */
  lines: TripLine[]
  totalPence: number
  /** After the server recorded the trip (the list and inventory are being reloaded). */
  onCompleted: () => void
}

/** 'Complete Shopping Trip': the account paying, an optional category, and the summary. */
export function CompleteTripDialog({ open, onClose, ...formProps }: CompleteTripDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <CompleteTripForm {...formProps} />
    </FormDialog>
  )
}

/** Mounted on each opening, so each opening is one intended expense with its own key. */
function CompleteTripForm({ lines, totalPence, onCompleted }: Omit<CompleteTripDialogProps, 'open' | 'onClose'>) {
  const accounts = useTripAccounts()
  const categories = useTripCategories()
  const mutation = useCompleteTrip()
  const { key, settle } = useIdempotencyKey()
  const online = useOnline()
  const { register, handleSubmit, control } = useSchemaForm(completeTripSchema, { accountId: '', categoryId: '' })
  const accountId = useWatch({ control, name: 'accountId' })
  const [error, setError] = useState<string | null>(null)

  const accountList = accounts.data ?? []
  const loadError = accounts.isError
    ? getErrorMessage(accounts.error, TRIP_ACCOUNTS_FALLBACK_ERROR)
    : categories.isError
      ? getErrorMessage(categories.error, TRIP_CATEGORIES_FALLBACK_ERROR)
      : null

  const submit = handleSubmit(({ accountId, categoryId }) => {
    if (mutation.isPending || !online) return
    if (lines.length === 0) {
      setError(NO_TRIP_ITEMS_ERROR)
      return
    }
    setError(null)
    mutation.mutate(
      { body: { items: lines, accountId, ...(categoryId ? { categoryId } : {}) }, idempotencyKey: key },
      {
        onSuccess: (res) => {
          settle()
          notifySuccess(res.message || 'Shopping trip completed successfully')
          onCompleted()
        },
        onError: (e) => {
          settle(e)
          setError(getErrorMessage(e, COMPLETE_TRIP_FALLBACK_ERROR))
        },
      },
    )
  })

  return (
    <DialogForm onSubmit={submit} noValidate aria-label="Complete Shopping Trip">
      <Dialog.Header ps={DIALOG_PX} pe="12">
        <Dialog.Title>Complete Shopping Trip</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body px={DIALOG_PX}>
        <Stack gap="4">
          <ErrorAlert message={loadError} />
          <ErrorAlert message={error} onClose={() => setError(null)} />
          {accounts.isSuccess && accountList.length === 0 ? (
            <Text color="fg.error">{NO_ACCOUNTS_TEXT}</Text>
          ) : (
            <SelectField
              label="Account"
              placeholder={accounts.isPending ? 'Loading accounts...' : 'Select an account'}
              {...register('accountId')}
              disabled={!accounts.isSuccess}
            >
              <AccountOptions accounts={accountList} />
            </SelectField>
          )}
          <SelectField
            label="Category (optional)"
            {...register('categoryId')}
            helperText="The expense is filed under Groceries unless you choose another category."
          >
            <option value="">Use default (Groceries)</option>
            {(categories.data ?? []).map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <Stack gap="2" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" data-testid="trip-summary">
            <Flex justify="space-between" gap="3">
              <Text>Items to purchase</Text>
              <Text fontWeight="semibold">{lines.length}</Text>
            </Flex>
            <Flex justify="space-between" gap="3">
              <Text>Total cost</Text>
              <Text fontWeight="bold">{formatMoney(totalPence)}</Text>
            </Flex>
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer px={DIALOG_PX} flexWrap="wrap">
        {online ? null : (
          <Text id="trip-offline-reason" fontSize="sm" color="fg.muted" w="full" textAlign="end">
            {OFFLINE_TRIP_REASON}
          </Text>
        )}
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="teal"
          disabled={!accountId || !online}
          aria-describedby={online ? undefined : 'trip-offline-reason'}
          loading={mutation.isPending}
          loadingText="Completing..."
        >
          Complete Purchase
        </Button>
      </Dialog.Footer>
    </DialogForm>
  )
}
