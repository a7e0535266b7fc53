import { Badge, Box, chakra, Field, Flex, Icon, SimpleGrid, Text } from '@chakra-ui/react'
import { Check } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { CategoryIcon } from '@/components/category-icon'
import { EntryTypeToggle } from '@/components/ledger-entry-fields'
import {
  CATEGORY_ICON_LABELS,
  CATEGORY_ICON_NAMES,
  CATEGORY_ICONS,
  categoryIconLabel,
} from '@/components/category-icons'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { TextareaField } from '@/components/textarea-field'
import { notifySuccess } from '@/components/notify'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import type { Category } from '@/lib/api/types'
import { kindOfName } from '@/lib/ledger/category-kind'
import { CREATE_CATEGORY_FALLBACK_ERROR, useCreateCategory } from '../api/create-category'
import { UPDATE_CATEGORY_FALLBACK_ERROR, useUpdateCategory } from '../api/update-category'
import { CATEGORY_COLOURS } from '@/lib/colours'
import {
  categorySchema,
  categoryToForm,
  emptyCategoryForm,
  TAX_TREATMENT_LABELS,
  taxTreatmentFor,
  toCategoryRequest,
} from '../schemas/category'

type CategoryDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when given. */
  category?: Category | null
}

/** Add or edit a category, with a live preview, a colour picker and an icon picker. */
export function CategoryDialog({ open, onClose, category }: CategoryDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <CategoryForm category={category ?? null} onDone={onClose} />
    </FormDialog>
  )
}

const Swatch = chakra('button')

function CategoryForm(props: { category: Category | null; onDone: () => void }) {
  const [category] = useState(props.category)
  const editing = category !== null
  const createMutation = useCreateCategory()
  const updateMutation = useUpdateCategory()
  const mutation = editing ? updateMutation : createMutation
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useSchemaForm(categorySchema, category ? categoryToForm(category) : emptyCategoryForm())
  const [name, description, color, icon, type] = useWatch({
    control,
    name: ['name', 'description', 'color', 'icon', 'type'],
  })
  // The chosen icon in words; an id off the list (an old category's) is not shown at all.
  const chosenIcon = categoryIconLabel(icon)
  // A new category's type follows the name typed ('Rental income') until the user picks one.
  const [typeChosen, setTypeChosen] = useState(editing)
  useEffect(() => {
    if (!typeChosen) setValue('type', kindOfName(name ?? ''))
  }, [name, typeChosen, setValue])

  const onSubmit = handleSubmit((values) => {
    const body = toCategoryRequest(values)
    if (category) {
      updateMutation.mutate(
        { id: category._id, body },
        {
          onSuccess: () => {
            notifySuccess('Category updated successfully')
            props.onDone()
          },
        },
      )
    } else {
      createMutation.mutate(body, {
        onSuccess: () => {
          notifySuccess('Category created successfully')
          props.onDone()
        },
      })
    }
  })

  return (
    <FormDialogForm
      writes
      title={editing ? 'Edit Category' : 'Add Category'}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, editing ? UPDATE_CATEGORY_FALLBACK_ERROR : CREATE_CATEGORY_FALLBACK_ERROR)}
      submitLabel={editing ? 'Update Category' : 'Add Category'}
      pendingLabel={editing ? 'Updating...' : 'Adding...'}
    >
      <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle" aria-label="Preview" role="group">
        <Text fontSize="xs" color="fg.muted" mb="2">
          Preview
        </Text>
        <Flex gap="3" align="center">
          <CategoryIcon icon={icon} color={color} size="12" />
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {name?.trim() || 'Category name'}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              {description?.trim() || 'Description'}
            </Text>
          </Box>
        </Flex>
      </Box>

      <FormField
        label="Category Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <EntryTypeToggle
        labelId="category-type-label"
        value={type}
        onChange={(next) => {
          setTypeChosen(true)
          setValue('type', next)
          // The other type's treatment no longer fits.
          setValue('taxTreatment', 'none')
        }}
      />
      <Text fontSize="xs" color="fg.muted" mt="-2">
        {type === 'income'
          ? 'Offered when you record income; income categories have no budget.'
          : 'Offered when you record spending, and can have a monthly budget.'}
      </Text>
      <SelectField label="Tax treatment" size="md" {...register('taxTreatment')}>
        <option value="none">Not for Self Assessment</option>
        <option value={taxTreatmentFor(type)}>{TAX_TREATMENT_LABELS[taxTreatmentFor(type)]}</option>
      </SelectField>
      <TextareaField
        label="Description"
        placeholder="Optional"
        error={errors.description?.message}
        {...register('description')}
      />

      <Field.Root invalid={!!errors.color}>
        <Field.Label id="category-color-label">Colour</Field.Label>
        <SimpleGrid
          columns={8}
          gap="2"
          role="group"
          aria-labelledby="category-color-label"
          w="full"
        >
          {CATEGORY_COLOURS.map(({ hex, name: colourName }) => {
            const selected = color?.toUpperCase() === hex
            return (
              <Swatch
                key={hex}
                type="button"
                aria-label={colourName}
                title={colourName}
                aria-pressed={selected}
                onClick={() => setValue('color', hex, { shouldValidate: true })}
                h="9"
                rounded="full"
                display="flex"
                alignItems="center"
                justifyContent="center"
                color="white"
                cursor="pointer"
                outlineOffset="2px"
                outline={selected ? '2px solid' : 'none'}
                outlineColor="fg"
                style={{ backgroundColor: hex }}
              >
                {selected ? <Check size={16} aria-hidden="true" /> : null}
              </Swatch>
            )
          })}
        </SimpleGrid>
        {errors.color ? <Field.ErrorText>{errors.color.message}</Field.ErrorText> : null}
      </Field.Root>

      <Field.Root invalid={!!errors.icon}>
        <Flex justify="space-between" w="full" align="center">
          <Field.Label id="category-icon-label">Icon</Field.Label>
          {chosenIcon ? (
            <Badge variant="outline" data-testid="chosen-icon">
              {chosenIcon}
            </Badge>
          ) : null}
        </Flex>
        <SimpleGrid
          columns={{ base: 5, sm: 10 }}
          gap="2"
          role="group"
          aria-labelledby="category-icon-label"
          w="full"
        >
          {CATEGORY_ICON_NAMES.map((iconName) => {
            const Glyph = CATEGORY_ICONS[iconName]
            const label = CATEGORY_ICON_LABELS[iconName]
            const selected = icon === iconName
            return (
              <Swatch
                key={iconName}
                type="button"
                aria-label={label}
                aria-pressed={selected}
                title={label}
                onClick={() => setValue('icon', iconName, { shouldValidate: true })}
                h="10"
                rounded="md"
                borderWidth="1px"
                display="flex"
                alignItems="center"
                justifyContent="center"
                cursor="pointer"
                bg={selected ? 'teal.subtle' : 'bg'}
                borderColor={selected ? 'teal.solid' : 'border'}
                color={selected ? 'teal.fg' : 'fg.muted'}
                _hover={{ bg: 'bg.muted' }}
              >
                <Icon asChild boxSize="5">
                  <Glyph aria-hidden="true" />
                </Icon>
              </Swatch>
            )
          })}
        </SimpleGrid>
        {errors.icon ? <Field.ErrorText>{errors.icon.message}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialogForm>
  )
}
