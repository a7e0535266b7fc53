import { SimpleGrid } from '@chakra-ui/react'
import { useId, useState } from 'react'
import { Controller } from 'react-hook-form'
import { DateField } from '@/components/date-field'
import { FormDialog, FormDialogForm } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { useIdempotencyKey } from '@/lib/api/idempotency'
import { saveFeedback, useSchemaForm } from '@/lib/forms'
import { CREATE_ITEM_FALLBACK_ERROR, CREATE_ITEM_SUCCESS, useCreateItem } from '../api/create-item'
import type { InventoryItem } from '../api/types'
import { UPLOAD_PHOTO_FALLBACK_ERROR, uploadPhoto } from '../api/upload-photo'
import { UPDATE_ITEM_FALLBACK_ERROR, UPDATE_ITEM_SUCCESS, useUpdateItem } from '../api/update-item'
import { INVENTORY_CATEGORIES } from '../lib/categories'
import { unitLabel, unitOptions } from '../lib/units'
import { type PhotoChoice, PhotoPicker } from './photo-picker'
import {
  emptyItemForm,
  itemSchema,
  itemToForm,
  toItemBody,
} from '../schemas/item'

type ItemDialogProps = {
  open: boolean
  onClose: () => void
  /** Edit mode when an item is given. */
  item?: InventoryItem | null
  /** The edit title; the detail page says 'Edit Inventory Item'. */
  editTitle?: string
  /** After a save, with the server's message (the dialog has closed). */
  onSaved: (message: string) => void
}

/** Add New Item or Edit Item. The form mounts afresh on every opening. */
export function ItemDialog({ open, onClose, item = null, editTitle = 'Edit Item', onSaved }: ItemDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} size="lg">
      <ItemForm
        item={item}
        editTitle={editTitle}
        onDone={(message) => {
          onSaved(message)
          onClose()
        }}
      />
    </FormDialog>
  )
}

type ItemFormProps = { item: InventoryItem | null; editTitle: string; onDone: (message: string) => void }

function ItemForm(props: ItemFormProps) {
  // Kept from the opening, so the dialog does not change mode while it closes.
  const [item] = useState(props.item)
  const createMutation = useCreateItem()
  const updateMutation = useUpdateItem()
  const mutation = item ? updateMutation : createMutation
  const attempt = useIdempotencyKey()
  const categoryListId = useId()

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(itemSchema, item ? itemToForm(item) : emptyItemForm())
  const [photo, setPhoto] = useState<PhotoChoice>({ file: null, path: item?.image ?? '' })
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)

  const onSubmit = handleSubmit(async (values) => {
    // A chosen photo is sent first; if that fails the item is not saved (spec doc 2 §5).
    let image = photo.path
    if (photo.file) {
      setUploading(true)
      try {
        image = (await uploadPhoto(photo.file, photo.file.name)).path
        setPhoto({ file: null, path: image })
      } catch (error) {
        setPhotoError(getErrorMessage(error, UPLOAD_PHOTO_FALLBACK_ERROR))
        return
      } finally {
        setUploading(false)
      }
    }
    const body = { ...toItemBody(values), image }
    if (item) {
      updateMutation.mutate(
        { id: item._id, body },
        { onSuccess: (res) => props.onDone(res.message || UPDATE_ITEM_SUCCESS) },
      )
    } else {
      createMutation.mutate(
        { body, idempotencyKey: attempt.key },
        {
          onSuccess: (res) => props.onDone(res.message || CREATE_ITEM_SUCCESS),
          onSettled: (_res, error) => attempt.settle(error ?? undefined),
        },
      )
    }
  })

  const title = item ? props.editTitle : 'Add New Item'

  return (
    <FormDialogForm
      writes
      title={title}
      aria-label={title}
      onSubmit={onSubmit}
      {...saveFeedback(mutation, item ? UPDATE_ITEM_FALLBACK_ERROR : CREATE_ITEM_FALLBACK_ERROR)}
      submitLabel={item ? 'Update' : 'Add'}
      pendingLabel={item ? 'Updating...' : 'Adding...'}
      pending={mutation.isPending || uploading}
    >
      <FormField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      {/* A text box with the browser's own suggestion list: type to filter the ~140 categories. */}
      <FormField
        label="Category"
        autoComplete="off"
        list={categoryListId}
        placeholder="Type to search categories"
        error={errors.category?.message}
        {...register('category')}
      />
      <datalist id={categoryListId}>
        {INVENTORY_CATEGORIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <FormField label="Brand" autoComplete="off" error={errors.brand?.message} {...register('brand')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label="Current Stock"
          inputMode="numeric"
          autoComplete="off"
          error={errors.currentStock?.message}
          {...register('currentStock')}
        />
        <FormField
          label="Default Needed"
          inputMode="numeric"
          autoComplete="off"
          error={errors.defaultNeeded?.message}
          {...register('defaultNeeded')}
        />
        <FormField
          label="Last Price"
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          error={errors.lastPrice?.message}
          {...register('lastPrice')}
        />
        <SelectField label="Unit" error={errors.unit?.message} {...register('unit')}>
          {unitOptions(item?.unit).map((u) => (
            <option key={u} value={u}>
              {unitLabel(u)}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <FormField
        label="Preferred Store (Optional)"
        autoComplete="off"
        error={errors.preferredStore?.message}
        {...register('preferredStore')}
      />
      <Controller
        control={control}
        name="expiryDate"
        render={({ field }) => (
          <DateField
            ref={field.ref}
            label="Expiry Date (Optional)"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.expiryDate?.message}
          />
        )}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          label="Type (Optional)"
          autoComplete="off"
          helperText="Fresh, Frozen, Canned"
          error={errors.type?.message}
          {...register('type')}
        />
        <FormField label="Size (Optional)" autoComplete="off" error={errors.size?.message} {...register('size')} />
      </SimpleGrid>
      {photo.path ? <FormField label="Image URL" readOnly value={photo.path} /> : null}
      <PhotoPicker value={photo} onChange={setPhoto} error={photoError} onError={setPhotoError} />
      <FormField
        label="Location in House (Optional)"
        autoComplete="off"
        error={errors.locationInHouse?.message}
        {...register('locationInHouse')}
      />
    </FormDialogForm>
  )
}
