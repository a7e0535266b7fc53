import { Field, GridItem, SimpleGrid, Text } from '@chakra-ui/react'
import { TagToggles } from '@/components/tag-toggles'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import { useTags } from '@/lib/tags/get-tags'
import { AccountOptions } from '@/components/account-options'
import { CheckboxField } from '@/components/checkbox-field'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { LoadingForm } from '@/components/loading-form'
import { notifyAndClose } from '@/components/notify-and-close'
import { SelectField } from '@/components/select-field'
import { useLoadedOnce } from '@/components/use-loaded-once'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { useCategories } from '@/lib/ledger/get-categories'
import {
  CREATE_RULE_FALLBACK_ERROR,
  CREATE_RULE_SUCCESS,
  UPDATE_RULE_FALLBACK_ERROR,
  UPDATE_RULE_SUCCESS,
  useSaveRule,
} from '../api/save-rule'
import type { Rule } from '../api/types'
import {
  emptyRuleForm,
  MATCH_TYPES,
  type RulePrefill,
  ruleSchema,
  ruleToForm,
  toRuleBody,
} from '../schemas/rule'

export const RULE_FORM_DATA_ERROR = 'Failed to load form data'

type RuleDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when a rule is given. */
  rule?: Rule | null
  /** A new rule's starting values (the make-a-rule offer of a recategorised transaction). */
  prefill?: RulePrefill
}

/** Add Rule or Edit Rule. The form mounts afresh on every opening. */
export function RuleDialog({ open, onClose, rule = null, prefill }: RuleDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      <RuleFormLoader
        rule={rule}
        prefill={prefill}
        onDone={notifyAndClose(onClose)}
      />
    </FormDialog>
  )
}

type RuleFormProps = { rule: Rule | null; prefill?: RulePrefill; onDone: (message: string) => void }

/** The selects show a stored choice only if its option exists when they mount: wait for the lists. */
function RuleFormLoader(props: RuleFormProps) {
  const accounts = useAccounts()
  const categories = useCategories()
  const ready = useLoadedOnce(accounts, categories)
  if (!ready) return <LoadingForm title={props.rule ? 'Edit Rule' : 'Add Rule'} />
  return <RuleForm {...props} />
}

function RuleForm(props: RuleFormProps) {
  const { onDone } = props
  // Kept from the opening, so the dialog does not change mode while it closes.
  const [rule] = useState(props.rule)
  const [prefill] = useState(props.prefill)
  const accounts = useAccounts()
  const categories = useCategories()
  const mutation = useSaveRule()
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(ruleSchema, rule ? ruleToForm(rule) : emptyRuleForm(prefill))

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { id: rule?._id ?? null, body: toRuleBody(values) },
      { onSuccess: (res) => onDone(res.message || (rule ? UPDATE_RULE_SUCCESS : CREATE_RULE_SUCCESS)) },
    )
  })

  const title = rule ? 'Edit Rule' : 'Add Rule'
  const loadError = accounts.isError || categories.isError ? RULE_FORM_DATA_ERROR : null
  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      loadError={loadError}
      {...saveFeedback(mutation, rule ? UPDATE_RULE_FALLBACK_ERROR : CREATE_RULE_FALLBACK_ERROR)}
      submitLabel={rule ? 'Update Rule' : 'Create Rule'}
      pendingLabel={rule ? 'Updating...' : 'Creating...'}
    >
      <Text color="fg.muted" fontSize="sm">
        When a transaction&apos;s description matches (upper or lower case alike), it gets this category.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField label="Match" {...register('matchType')}>
          {MATCH_TYPES.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <GridItem colSpan={{ base: 1, md: 2 }}>
          <FormField
            label="Text to match"
            autoComplete="off"
            placeholder="e.g. TESCO"
            data-autofocus=""
            error={errors.pattern?.message}
            {...register('pattern')}
          />
        </GridItem>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <SelectField
          label="Category"
          placeholder="Select a category"
          error={errors.categoryId?.message}
          {...register('categoryId')}
        >
          {(categories.data ?? []).map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Account" {...register('accountId')}>
          <option value="">Any account</option>
          <AccountOptions accounts={accounts.data?.accounts ?? []} />
        </SelectField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="Minimum amount (optional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          helperText="Money in or out, without a sign"
          error={errors.minAmount?.message}
          {...register('minAmount')}
        />
        <FormField
          label="Maximum amount (optional)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          error={errors.maxAmount?.message}
          {...register('maxAmount')}
        />
      </SimpleGrid>
      <FormField
        label="New description (optional)"
        autoComplete="off"
        placeholder="e.g. Tesco"
        helperText="Replaces the bank's description of matching transactions; leave blank to keep it."
        error={errors.rename?.message}
        {...register('rename')}
      />
      <CheckboxField control={control} name="markTransfer" label="Matching rows are transfers between my accounts" />
      <Controller
        control={control}
        name="tagIds"
        render={({ field }) => <RuleTagsField value={field.value ?? []} onChange={field.onChange} />}
      />
    </FormDialogForm>
  )
}

/**
 * The rule's 'add tags' action: the household's tags as toggles; the chosen ones are added to
 * every row the rule matches (on import and bank sync, and when the rules are applied).
 */
function RuleTagsField({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const tags = useTags()
  const list = tags.data ?? []
  return (
    <Field.Root>
      <Field.Label id="rule-tags-label">Add tags</Field.Label>
      {list.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No tags yet: make some on the Tags page or while adding a transaction.
        </Text>
      ) : (
        <TagToggles
          role="group"
          aria-labelledby="rule-tags-label"
          tags={list}
          chosen={value}
          onToggle={(id) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id])}
        />
      )}
      <Field.HelperText>Matching transactions get these tags, beside any they have.</Field.HelperText>
    </Field.Root>
  )
}
