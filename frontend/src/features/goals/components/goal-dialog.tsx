import { Box, Field, Flex, IconButton, SimpleGrid, Text } from '@chakra-ui/react'
import { Check } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { DateField } from '@/components/date-field'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifyAndClose } from '@/components/notify-and-close'
import { SelectField } from '@/components/select-field'
import { TextareaField } from '@/components/textarea-field'
import { londonToday } from '@/lib/calendar-day'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { CREATE_GOAL_FALLBACK_ERROR, CREATE_GOAL_SUCCESS, useCreateGoal } from '../api/create-goal'
import type { Goal } from '../api/types'
import { UPDATE_GOAL_FALLBACK_ERROR, UPDATE_GOAL_SUCCESS, useUpdateGoal } from '../api/update-goal'
import { GOAL_CATEGORIES, GOAL_CATEGORY_LABELS, goalCategoryPreset } from '../lib/categories'
import { GOAL_COLOURS, sameColour } from '../lib/colours'
import { GOAL_ICONS } from '../lib/icons'
import {
  emptyGoalForm,
  goalToForm,
  makeGoalSchema,
  minTargetDate,
  toGoalBody,
} from '../schemas/goal'

type GoalDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when a goal is given. */
  goal?: Goal | null
  /** London's today; tests fix it. */
  today?: () => string
}

/** Create New Goal or Edit Goal. The form mounts afresh on every opening. */
export function GoalDialog({ open, onClose, goal = null, today = londonToday }: GoalDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      <GoalForm
        goal={goal}
        today={today}
        onDone={notifyAndClose(onClose)}
      />
    </FormDialog>
  )
}

type GoalFormProps = { goal: Goal | null; today: () => string; onDone: (message: string) => void }

function GoalForm(props: GoalFormProps) {
  const { today, onDone } = props
  // Kept from the opening, so the dialog does not change mode while it closes.
  const [goal] = useState(props.goal)
  const [todayValue] = useState(today)
  const storedTargetDate = goal?.targetDate.slice(0, 10) ?? null
  const schema = useMemo(() => makeGoalSchema({ today, storedTargetDate }), [today, storedTargetDate])
  const createMutation = useCreateGoal()
  const updateMutation = useUpdateGoal()
  const mutation = goal ? updateMutation : createMutation

  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useSchemaForm(schema, goal ? goalToForm(goal) : emptyGoalForm())
  const icon = useWatch({ control, name: 'icon' })
  const color = useWatch({ control, name: 'color' })

  const onSubmit = handleSubmit((values) => {
    const body = toGoalBody(values)
    if (goal) {
      updateMutation.mutate({ id: goal._id, body }, { onSuccess: (res) => onDone(res.message || UPDATE_GOAL_SUCCESS) })
    } else {
      createMutation.mutate(body, { onSuccess: (res) => onDone(res.message || CREATE_GOAL_SUCCESS) })
    }
  })

  const title = goal ? 'Edit Goal' : 'Create New Goal'

  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, goal ? UPDATE_GOAL_FALLBACK_ERROR : CREATE_GOAL_FALLBACK_ERROR)}
      submitLabel={goal ? 'Update Goal' : 'Create Goal'}
      pendingLabel={goal ? 'Updating...' : 'Creating...'}
    >
      <FormField label="Goal Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextareaField
        label="Description"
        placeholder="Optional"
        error={errors.description?.message}
        {...register('description')}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField
          label="Target Amount"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          error={errors.targetAmount?.message}
          {...register('targetAmount')}
        />
        <Controller
          control={control}
          name="targetDate"
          render={({ field }) => (
            <DateField
              ref={field.ref}
              label="Target Date"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={minTargetDate(todayValue)}
              error={errors.targetDate?.message}
            />
          )}
        />
      </SimpleGrid>
      <SelectField
        label="Category"
        error={errors.category?.message}
        {...register('category', {
          // Choosing a category sets its icon and colour (spec doc 2 §2); both can be changed after.
          onChange: (event: { target: { value: string } }) => {
            const preset = goalCategoryPreset(event.target.value)
            setValue('icon', preset.icon)
            setValue('color', preset.color)
          },
        })}
      >
        {GOAL_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {GOAL_CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <IconPicker value={icon} color={color} onChange={(name) => setValue('icon', name)} />
      <ColourPicker value={color} onChange={(hex) => setValue('color', hex)} />
    </FormDialogForm>
  )
}

/** The 20 icons as toggle buttons, the chosen one pressed and drawn in the goal's colour. */
function IconPicker({ value, color, onChange }: { value: string; color: string; onChange: (name: string) => void }) {
  const labelId = useId()
  return (
    <Field.Root>
      <Text id={labelId} fontSize="sm" fontWeight="medium">
        Icon
      </Text>
      <SimpleGrid role="group" aria-labelledby={labelId} columns={{ base: 5, sm: 10 }} gap="2" w="full">
        {GOAL_ICONS.map(({ name, label, icon: GoalIcon }) => {
          const selected = name === value
          return (
            <IconButton
              key={name}
              type="button"
              aria-label={label}
              title={label}
              aria-pressed={selected}
              variant={selected ? 'subtle' : 'outline'}
              borderWidth={selected ? '2px' : '1px'}
              borderColor={selected ? 'fg' : 'border'}
              color={selected ? color : 'fg.muted'}
              onClick={() => onChange(name)}
            >
              <GoalIcon />
            </IconButton>
          )
        })}
      </SimpleGrid>
    </Field.Root>
  )
}

/** The 15 colours as round swatches, the chosen one pressed and ticked. */
function ColourPicker({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const labelId = useId()
  return (
    <Field.Root>
      <Text id={labelId} fontSize="sm" fontWeight="medium">
        Colour
      </Text>
      <Flex role="group" aria-labelledby={labelId} gap="2" wrap="wrap">
        {GOAL_COLOURS.map(({ hex, name }) => {
          const selected = sameColour(hex, value)
          return (
            <IconButton
              key={hex}
              type="button"
              aria-label={name}
              title={name}
              aria-pressed={selected}
              rounded="full"
              size="sm"
              bg={hex}
              color="white"
              _hover={{ bg: hex, opacity: 0.85 }}
              outline={selected ? '2px solid' : undefined}
              outlineColor="fg"
              outlineOffset="2px"
              onClick={() => onChange(hex)}
            >
              {selected ? <Check /> : <Box as="span" />}
            </IconButton>
          )
        })}
      </Flex>
    </Field.Root>
  )
}
