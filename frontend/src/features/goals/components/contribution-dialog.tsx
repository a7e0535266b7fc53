import { Alert, Box, Flex, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { AmountDateFields } from '@/components/amount-date-fields'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifyAndClose } from '@/components/notify-and-close'
import { SelectField } from '@/components/select-field'
import { TextareaField } from '@/components/textarea-field'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { useIdempotencyKey } from '@/lib/api/idempotency'
import { londonToday } from '@/lib/calendar-day'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { ADD_CONTRIBUTION_FALLBACK_ERROR, ADD_CONTRIBUTION_SUCCESS, useAddContribution } from '../api/add-contribution'
import type { Goal } from '../api/types'
import { contributionPreview } from '../lib/preview'
import { percentText } from '../lib/progress'
import { CONTRIBUTION_SOURCE_LABELS, CONTRIBUTION_SOURCES } from '../lib/sources'
import { validAmountPence } from '../schemas/amount'
import {
  contributionAmountMessages,
  emptyContributionForm,
  makeContributionSchema,
  toContributionBody,
} from '../schemas/contribution'

type ContributionDialogProps = {
  open: boolean
  onClose: () => void
  /** The goal the contribution goes to; kept by the page while the dialog closes. */
  goal: Goal | null
  /** London's today; tests fix it. */
  today?: () => string
}

/** Add Contribution to a goal, previewing what it does to the goal. */
export function ContributionDialog({ open, onClose, goal, today = londonToday }: ContributionDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {goal ? (
        <ContributionForm
          goal={goal}
          today={today}
          onDone={notifyAndClose(onClose)}
        />
      ) : null}
    </FormDialog>
  )
}

type ContributionFormProps = { goal: Goal; today: () => string; onDone: (message: string) => void }

function ContributionForm({ goal, today, onDone }: ContributionFormProps) {
  const [todayValue] = useState(today)
  const schema = useMemo(() => makeContributionSchema(today), [today])
  const mutation = useAddContribution()
  const attempt = useIdempotencyKey()
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(schema, emptyContributionForm(todayValue))
  const amountText = useWatch({ control, name: 'amount' })
  const amountPence = validAmountPence(amountText ?? '', contributionAmountMessages)

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { goalId: goal._id, body: toContributionBody(values), idempotencyKey: attempt.key },
      {
        onSuccess: (res) => onDone(res.message || ADD_CONTRIBUTION_SUCCESS),
        onSettled: (_res, error) => attempt.settle(error ?? undefined),
      },
    )
  })

  const title = `Add Contribution to ${goal.name}`
  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, ADD_CONTRIBUTION_FALLBACK_ERROR)}
      submitLabel="Add Contribution"
      pendingLabel="Adding..."
    >
      <Text fontSize="sm" color="fg.muted">
        Saved so far: {formatMoney(toPence(goal.currentAmount))} of {formatMoney(toPence(goal.targetAmount))}
      </Text>
      <AmountDateFields
        control={control}
        amount={register('amount')}
        amountError={errors.amount?.message}
        dateName="date"
        dateError={errors.date?.message}
        maxDate={todayValue}
      />
      {amountPence !== null ? <Preview goal={goal} amountPence={amountPence} /> : null}
      <FormField label="Description" autoComplete="off" error={errors.description?.message} {...register('description')} />
      <SelectField label="Source" error={errors.source?.message} {...register('source')}>
        {CONTRIBUTION_SOURCES.map((s) => (
          <option key={s} value={s}>
            {CONTRIBUTION_SOURCE_LABELS[s]}
          </option>
        ))}
      </SelectField>
      <TextareaField label="Notes" placeholder="Optional" error={errors.notes?.message} {...register('notes')} />
    </FormDialogForm>
  )
}

/** New total, new progress (capped at 100 %), remaining, and a message when it completes the goal. */
function Preview({ goal, amountPence }: { goal: Goal; amountPence: number }) {
  const p = contributionPreview(goal, amountPence)
  const rows = [
    ['New total', formatMoney(p.newTotalPence)],
    ['New progress', percentText(p.newProgress)],
    ['Remaining', formatMoney(p.remainingPence)],
  ] as const
  return (
    <Stack gap="2" aria-live="polite" data-testid="contribution-preview">
      <Box as="dl" bg="bg.muted" borderRadius="md" px="3" py="2">
        {rows.map(([label, value]) => (
          <Flex key={label} justify="space-between" gap="2" fontSize="sm">
            <Text as="dt" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" fontWeight="semibold" data-testid={`preview-${label}`}>
              {value}
            </Text>
          </Flex>
        ))}
      </Box>
      {p.completes ? (
        <Alert.Root status="success" borderRadius="md">
          <Alert.Indicator />
          <Alert.Description>This contribution completes your goal!</Alert.Description>
        </Alert.Root>
      ) : null}
    </Stack>
  )
}
