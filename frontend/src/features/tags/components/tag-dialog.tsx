import { chakra, Field, Flex, Icon } from '@chakra-ui/react'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import type { Tag } from '@/lib/api/types'
import { CREATE_TAG_FALLBACK_ERROR, useCreateTag } from '@/lib/tags/create-tag'
import { TAG_COLOURS } from '@/lib/tags/palette'
import { UPDATE_TAG_FALLBACK_ERROR, useUpdateTag } from '../api/update-tag'
import { tagSchema, tagToForm, toTagRequest } from '../schemas/tag'

type TagDialogProps = {
  open: boolean
  onClose: () => void
  /** Rename or recolour this tag; a new one when null. */
  tag: Tag | null
}

/** Add a tag, or rename and recolour one. */
export function TagDialog({ open, onClose, tag }: TagDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <TagForm tag={tag} onDone={onClose} />
    </FormDialog>
  )
}

const Swatch = chakra('button')

function TagForm(props: { tag: Tag | null; onDone: () => void }) {
  const [tag] = useState(props.tag)
  const create = useCreateTag()
  const update = useUpdateTag()
  const mutation = tag ? update : create
  const { register, handleSubmit, setValue, control, formState: { errors } } = useSchemaForm(tagSchema, tagToForm(tag))
  const color = useWatch({ control, name: 'color' })

  const onSubmit = handleSubmit((values) => {
    const body = toTagRequest(values)
    const done = (message: string) => () => {
      notifySuccess(message)
      props.onDone()
    }
    if (tag) update.mutate({ id: tag._id, body }, { onSuccess: done('Tag updated successfully') })
    else create.mutate(body, { onSuccess: done('Tag created successfully') })
  })

  return (
    <FormDialogForm
      writes
      title={tag ? 'Edit Tag' : 'Add Tag'}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, tag ? UPDATE_TAG_FALLBACK_ERROR : CREATE_TAG_FALLBACK_ERROR)}
      submitLabel={tag ? 'Save Tag' : 'Add Tag'}
      pendingLabel="Saving..."
    >
      <FormField label="Name" autoComplete="off" placeholder="e.g. Holiday 2026" error={errors.name?.message} {...register('name')} />
      <Field.Root invalid={!!errors.color}>
        <Field.Label id="tag-colour-label">Colour</Field.Label>
        <Flex gap="2" wrap="wrap" role="radiogroup" aria-labelledby="tag-colour-label">
          {TAG_COLOURS.map(({ hex, name }) => {
            const selected = color?.toUpperCase() === hex
            return (
              <Swatch
                key={hex}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={name}
                title={name}
                onClick={() => setValue('color', hex, { shouldValidate: true })}
                boxSize="9"
                rounded="full"
                display="flex"
                alignItems="center"
                justifyContent="center"
                color="white"
                cursor="pointer"
                outline={selected ? '2px solid' : undefined}
                outlineOffset="2px"
                outlineColor="fg"
                style={{ backgroundColor: hex }}
              >
                {selected ? <Icon as={Check} boxSize="4" aria-hidden="true" /> : null}
              </Swatch>
            )
          })}
        </Flex>
        {errors.color ? <Field.ErrorText>{errors.color.message}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialogForm>
  )
}
