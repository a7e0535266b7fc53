import { SimpleGrid, Text } from '@chakra-ui/react'
import { useWatch } from 'react-hook-form'
import { CheckboxField } from '@/components/checkbox-field'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { SelectField } from '@/components/select-field'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { PREVIEW_FALLBACK_ERROR, usePreviewImport } from '../api/preview-import'
import type { ImportPreview, Mapping } from '../api/types'
import {
  DATE_FORMATS,
  formToMapping,
  mappingSchema,
  mappingToForm,
  readBody,
} from '../lib/mapping'

type MappingDialogProps = {
  open: boolean
  onClose: () => void
  preview: ImportPreview
  /** The mapping in use: the one confirmed before, else the server's. */
  mapping: Mapping | null
  accountId: string
  /** After the server read the file with the new mapping. */
  onPreviewed: (preview: ImportPreview, mapping: Mapping) => void
}

/**
 * 'Choose columns': which of the CSV's columns hold the date, description and amount (one
 * signed column, or paid in and paid out), the optional category and notes, and the date
 * format. Submitting reads the file again with it; the server's refusal shows in the dialog.
 */
export function MappingDialog(props: MappingDialogProps) {
  return (
    <FormDialog open={props.open} onClose={props.onClose} size="lg">
      <MappingFormBody {...props} />
    </FormDialog>
  )
}

function MappingFormBody({ preview, mapping, accountId, onPreviewed, onClose }: MappingDialogProps) {
  const previewMutation = usePreviewImport()
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(mappingSchema, mappingToForm(mapping ?? preview.mapping, preview.columns))
  const amountMode = useWatch({ control, name: 'amountMode' })

  const onSubmit = handleSubmit((form) => {
    const next = formToMapping(form, mapping ?? preview.mapping)
    previewMutation.mutate(
      { importId: preview.importId, body: readBody(accountId, next) },
      {
        onSuccess: (read) => {
          onPreviewed(read, next)
          onClose()
        },
      },
    )
  })

  const columnOptions = preview.columns.map((c) => (
    <option key={c} value={c}>
      {c}
    </option>
  ))
  const optionalColumns = (
    <>
      <option value="">None</option>
      {columnOptions}
    </>
  )

  return (
    <FormDialogForm
      title="Choose columns"
      aria-label="Choose columns"
      onSubmit={onSubmit}
      {...saveFeedback(previewMutation, PREVIEW_FALLBACK_ERROR)}
      submitLabel="Preview"
      pendingLabel="Reading..."
    >
      <Text color="fg.muted" fontSize="sm">
        Tell us which columns of {preview.fileName} hold what. The choice is remembered for this account.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField label="Date" placeholder="Choose a column" error={errors.date?.message} {...register('date')}>
          {columnOptions}
        </SelectField>
        <SelectField label="Date format" {...register('dateFormat')}>
          <option value="">Detect automatically</option>
          {DATE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <SelectField
        label="Description"
        placeholder="Choose a column"
        error={errors.description?.message}
        {...register('description')}
      >
        {columnOptions}
      </SelectField>
      <SelectField label="Amounts are in" {...register('amountMode')}>
        <option value="single">One column (money out negative)</option>
        <option value="split">Two columns: paid in and paid out</option>
      </SelectField>
      {amountMode === 'single' ? (
        <>
          <SelectField label="Amount" placeholder="Choose a column" error={errors.amount?.message} {...register('amount')}>
            {columnOptions}
          </SelectField>
          <CheckboxField control={control} name="negate" label="Amounts are positive for spending" />
        </>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField label="Paid in" placeholder="Choose a column" error={errors.paidIn?.message} {...register('paidIn')}>
            {columnOptions}
          </SelectField>
          <SelectField label="Paid out" placeholder="Choose a column" error={errors.paidOut?.message} {...register('paidOut')}>
            {columnOptions}
          </SelectField>
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField label="Category (optional)" {...register('category')}>
          {optionalColumns}
        </SelectField>
        <SelectField label="Notes (optional)" {...register('notes')}>
          {optionalColumns}
        </SelectField>
      </SimpleGrid>
    </FormDialogForm>
  )
}
