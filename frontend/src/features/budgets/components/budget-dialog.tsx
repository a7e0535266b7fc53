import { HStack, Text } from '@chakra-ui/react'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { SET_BUDGET_FALLBACK_ERROR, useSetBudget } from '../api/set-budget'
import {
  budgetFormDefaults,
  budgetFormSchema,
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
  return (
    <FormDialog open={target !== null} onClose={onClose} scrollBehavior="outside">
      {target ? (
        <BudgetForm
          key={target.category._id}
          target={target}
          onDone={() => {
            notifySuccess('Budget saved successfully')
            onSaved?.()
            onClose()
          }}
        />
      ) : null}
    </FormDialog>
  )
}

function BudgetForm({ target, onDone }: { target: BudgetTarget; onDone: () => void }) {
  const updating = target.limitPence !== null
  const mutation = useSetBudget()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(budgetFormSchema, budgetFormDefaults(target.limitPence))
  const title = updating ? 'Update Budget' : 'Set Budget'

  const onSubmit = handleSubmit((values) => {
    mutation.mutate({ categoryId: target.category._id, limit: limitText(values) }, { onSuccess: onDone })
  })

  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, SET_BUDGET_FALLBACK_ERROR)}
      submitLabel={title}
      pendingLabel="Saving..."
    >
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
    </FormDialogForm>
  )
}
