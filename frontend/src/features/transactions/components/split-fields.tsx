import { Box, Button, Field, Flex, Grid, IconButton, Input, type InputProps, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { Plus, X } from 'lucide-react'
import { forwardRef, useMemo } from 'react'
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form'
import { categoriesForType } from '@/lib/ledger/category-kind'
import { withChosenCategory } from '@/lib/ledger/category-choice'
import { useCategories } from '@/lib/ledger/get-categories'
import { penceToDecimalText } from '@/lib/money'
import { liveSplitError, MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, tallyEquation, tallyLeft, tallySplit } from '../lib/splits'
import type { TransactionFormInput, TransactionFormValues } from '../schemas/transaction'

type TransactionForm = UseFormReturn<TransactionFormInput, unknown, TransactionFormValues>

type SplitFieldsProps = {
  form: TransactionForm
  /** Back to one category (the first part's). */
  onRemoveSplit: () => void
}

/**
 * A split's parts: a row each of category, amount and an optional note (2 to 20 rows), the live
 * sum of the parts against the amount, and the split's own error (the sum, the count, or the
 * server's refusal).
 */
export function SplitFields({ form, onRemoveSplit }: SplitFieldsProps) {
  const { control, register, formState } = form
  const { fields, append, remove } = useFieldArray({ control, name: 'splits' })
  const parts = useWatch({ control, name: 'splits' })
  const amount = useWatch({ control, name: 'amount' })
  const type = useWatch({ control, name: 'type' })
  const categories = useCategories()
  const offered = useMemo(() => categoriesForType(type, categories.data ?? []), [type, categories.data])
  const tally = tallySplit(amount, (parts ?? []).map((p) => p.amount))
  const errors = formState.errors.splits
  // The server's refusal stays as it said it; the form's own sum message follows the parts.
  const own = errors?.root ?? errors
  const splitError = own?.type === 'server' ? own.message : liveSplitError(own?.message, tally)

  return (
    <Stack as="fieldset" gap="3" borderWidth="1px" borderRadius="md" p="3" aria-describedby="split-tally">
      <Text as="legend" fontWeight="medium" fontSize="sm" px="1">
        Split across categories
      </Text>
      <Grid
        templateColumns={{ base: '1fr 6.5rem 2.5rem', md: '1fr 7rem 1fr 2.5rem' }}
        gap="2"
        display={{ base: 'none', md: 'grid' }}
        aria-hidden="true"
        fontSize="xs"
        color="fg.muted"
      >
        <Text>Category</Text>
        <Text>Amount</Text>
        <Text>Note (optional)</Text>
      </Grid>
      {fields.map((field, index) => {
        const part = errors?.[index]
        const chosen = parts?.[index]?.categoryId ?? ''
        const options = withChosenCategory(offered, categories.data ?? [], chosen)
        const n = index + 1
        return (
          <Grid
            key={field.id}
            data-testid="split-row"
            templateColumns={{ base: '1fr 6.5rem 2.5rem', md: '1fr 7rem 1fr 2.5rem' }}
            templateAreas={{ base: '"cat amt del" "note note ."', md: '"cat amt note del"' }}
            gap="2"
            alignItems="start"
            // On a phone each part takes two lines: a rule between parts says where one ends.
            borderTopWidth={{ base: index > 0 ? '1px' : '0', md: '0' }}
            pt={{ base: index > 0 ? '3' : '0', md: '0' }}
          >
            <Field.Root invalid={!!part?.categoryId} gridArea="cat" minW="0">
              <NativeSelect.Root size="md">
                <NativeSelect.Field
                  aria-label={`Part ${n} category`}
                  placeholder="Select a category"
                  {...register(`splits.${index}.categoryId`)}
                >
                  {options.map((c) => (
                    <option key={c._id} value={c._id}>
                      {c.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{part?.categoryId?.message}</Field.ErrorText>
            </Field.Root>
            <PartInput
              gridArea="amt"
              label={`Part ${n} amount`}
              inputMode="decimal"
              placeholder="0.00"
              error={part?.amount?.message}
              {...register(`splits.${index}.amount`)}
            />
            <PartInput
              gridArea="note"
              label={`Part ${n} note`}
              placeholder="Note (optional)"
              error={part?.note?.message}
              {...register(`splits.${index}.note`)}
            />
            <IconButton
              gridArea="del"
              aria-label={`Remove part ${n}`}
              variant="ghost"
              size="md"
              disabled={fields.length <= MIN_SPLIT_PARTS}
              onClick={() => remove(index)}
            >
              <X />
            </IconButton>
          </Grid>
        )
      })}
      <Box id="split-tally" aria-live="polite" fontSize="sm" fontVariantNumeric="tabular-nums">
        <Text color="fg.muted" wordBreak="break-word" data-testid="split-equation">
          {tallyEquation(tally)}
        </Text>
        <Text
          fontWeight="semibold"
          color={tally.left === 0 ? 'fg.success' : tally.left < 0 ? 'fg.error' : 'fg.warning'}
          data-testid="split-left"
        >
          {tallyLeft(tally)}
        </Text>
      </Box>
      {splitError ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {splitError}
        </Text>
      ) : null}
      <Flex gap="2" wrap="wrap" justify="space-between">
        {/* A new part starts with what is left to split. */}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_SPLIT_PARTS}
          onClick={() => append({ categoryId: '', amount: tally.left > 0 ? penceToDecimalText(tally.left) : '', note: '' })}
        >
          <Plus /> Add part
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onRemoveSplit}>
          Remove split
        </Button>
      </Flex>
    </Stack>
  )
}

type PartInputProps = InputProps & { gridArea: string; label: string; error?: string }

/** A part's amount or note: an input named for assistive technology, with its message. */
const PartInput = forwardRef<HTMLInputElement, PartInputProps>(function PartInput(
  { gridArea, label, error, ...inputProps },
  ref,
) {
  return (
    <Field.Root invalid={!!error} gridArea={gridArea}>
      <Input ref={ref} aria-label={label} autoComplete="off" {...inputProps} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
})
