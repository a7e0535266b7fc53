import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ErrorAlert } from '@/components/error-alert'
import { FormField } from '@/components/form-field'
import { useDialogSize } from '@/components/use-dialog-size'
import { getErrorMessage } from '@/lib/api/client'
import { SET_BUDGET_FALLBACK_ERROR, useSetBudget } from '../api/set-budget'
import {
  budgetFormDefaults,
  type BudgetFormInput,
  budgetFormSchema,
  type BudgetFormValues,
  limitText,
} from '../schemas/budget'
import { CategoryDot } from './category-dot'

export type BudgetTarget = {
  category: { _id: string; name: string; color: string }
  /** The current limit in pence when updating; null for a new budget. */
  limitPence: number | null
}

type BudgetDialogProps = {
  target: BudgetTarget | null
  onClose: () => void
  onSaved?: () => void
}

/** Set Budget (new) or Update Budget (existing): the category's monthly limit. */
export function BudgetDialog({ target, onClose, onSaved }: BudgetDialogProps) {
  const size = useDialogSize('md')
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(d) => {
        if (!d.open) onClose()
      }}
      placement="center"
      size={size}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target ? (
              <BudgetForm
                key={target.category._id}
                target={target}
                onDone={() => {
                  onSaved?.()
                  onClose()
                }}
              />
            ) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function BudgetForm({ target, onDone }: { target: BudgetTarget; onDone: () => void }) {
  const updating = target.limitPence !== null
  const mutation = useSetBudget()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BudgetFormInput, unknown, BudgetFormValues>({
    resolver: zodResolver(budgetFormSchema),
    defaultValues: budgetFormDefaults(target.limitPence),
  })
  const title = updating ? 'Update Budget' : 'Set Budget'

  const onSubmit = handleSubmit((values) => {
    mutation.mutate({ categoryId: target.category._id, limit: limitText(values) }, { onSuccess: onDone })
  })

  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert
            message={mutation.isError ? getErrorMessage(mutation.error, SET_BUDGET_FALLBACK_ERROR) : null}
            onClose={() => mutation.reset()}
          />
          <HStack gap="2">
            <CategoryDot color={target.category.color} />
            <Text fontWeight="semibold">{target.category.name}</Text>
          </HStack>
          <FormField
            label="Monthly Limit (£)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            autoFocus
            error={errors.limit?.message}
            helperText="Between £0.01 and £999,999.99"
            {...register('limit')}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="teal" loading={mutation.isPending} loadingText="Saving...">
          {title}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
