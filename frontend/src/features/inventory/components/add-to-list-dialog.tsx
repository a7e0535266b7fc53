import { Box, Button, Dialog, Field, Group, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { DIALOG_PX, DialogForm } from '@/components/dialog-form'
import { ErrorAlert } from '@/components/error-alert'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { useSchemaForm } from '@/lib/forms'
import { penceToDecimalText } from '@/lib/money'
import { ADD_ENTRY_FALLBACK_ERROR, ADD_ENTRY_SUCCESS, useAddListEntry } from '../api/add-list-entry'
import { ITEM_OPTIONS_FALLBACK_ERROR, useCreateListItem, useItemOptions } from '../api/create-list-item'
import { isRowPriceText, isRowQuantityText } from '../lib/selection'
import { itemOptionLabel } from '../lib/shopping-labels'
import { type AddToListValues, addToListSchema, emptyAddToListForm } from '../schemas/shopping'

type AddToListDialogProps = { open: boolean; onClose: () => void }

/** 'Add Item to Shopping List': an item from the inventory, or a new item made for the list. */
export function AddToListDialog({ open, onClose }: AddToListDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AddToListForm onDone={onClose} />
    </FormDialog>
  )
}

function AddToListForm({ onDone }: { onDone: () => void }) {
  const { register, handleSubmit, setValue, control } = useSchemaForm(addToListSchema, emptyAddToListForm())
  const values = useWatch({ control })
  const { mode, itemId, quantity } = values
  const [error, setError] = useState<string | null>(null)
  const items = useItemOptions()
  const addEntry = useAddListEntry()
  const createItem = useCreateListItem()
  const pending = addEntry.isPending || createItem.isPending

  const chosen = (items.data ?? []).find((i) => i._id === itemId)
  // The submit stays disabled until the form is valid (and a chosen item is still on offer).
  const ready = addToListSchema.safeParse(values).success && (mode !== 'existing' || !!chosen)

  const fail = (e: unknown) => setError(getErrorMessage(e, ADD_ENTRY_FALLBACK_ERROR))
  const added = () => {
    notifySuccess(ADD_ENTRY_SUCCESS)
    onDone()
  }

  const submit = handleSubmit((form: AddToListValues) => {
    if (!ready || pending) return
    setError(null)
    const count = form.quantity
    if (form.mode === 'existing') {
      addEntry.mutate(
        { inventoryItemId: form.itemId, quantityToBuy: count, addedManually: true },
        { onSuccess: added, onError: fail },
      )
      return
    }
    createItem.mutate(
      {
        name: form.name,
        brand: form.brand,
        lastPrice: penceToDecimalText(form.pricePence),
        defaultNeeded: String(count),
      },
      {
        onSuccess: (res) =>
          addEntry.mutate(
            { inventoryItemId: res.data._id, quantityToBuy: count, addedManually: true },
            { onSuccess: added, onError: fail },
          ),
        onError: fail,
      },
    )
  })

  // Quantity and price take only what they may hold (digits; one decimal point for a price).
  const onQuantity = (text: string) => {
    if (isRowQuantityText(text)) setValue('quantity', text)
  }

  return (
    <DialogForm onSubmit={submit} noValidate aria-label="Add Item to Shopping List">
      <Dialog.Header ps={DIALOG_PX} pe="12">
        <Dialog.Title>Add Item to Shopping List</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body px={DIALOG_PX}>
        <Stack gap="4">
          <ErrorAlert message={error} onClose={() => setError(null)} />
          <Group attached w="full" role="group" aria-label="How to add">
            {(
              [
                ['existing', 'Select Existing Item'],
                ['new', 'Add New Item'],
              ] as const
            ).map(([value, label]) => (
              <Button
                key={value}
                type="button"
                flex="1"
                size="sm"
                colorPalette="teal"
                variant={mode === value ? 'solid' : 'outline'}
                aria-pressed={mode === value}
                onClick={() => setValue('mode', value)}
              >
                {label}
              </Button>
            ))}
          </Group>

          {mode === 'existing' ? (
            <>
              <ErrorAlert
                message={items.isError ? getErrorMessage(items.error, ITEM_OPTIONS_FALLBACK_ERROR) : null}
              />
              <SelectField
                label="Item"
                placeholder={items.isPending ? 'Loading items...' : 'Select an item'}
                {...register('itemId')}
                disabled={!items.isSuccess}
              >
                {(items.data ?? []).map((item) => (
                  <option key={item._id} value={item._id}>
                    {itemOptionLabel(item)}
                  </option>
                ))}
              </SelectField>
              <FormField
                label="Quantity"
                inputMode="numeric"
                autoComplete="off"
                value={quantity}
                onChange={(e) => onQuantity(e.target.value)}
                helperText="A whole number, at least 1"
              />
              {chosen ? (
                <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="item-preview">
                  <Text fontWeight="semibold">{chosen.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    Current stock: {chosen.currentStock} {chosen.unit}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    Default needed: {chosen.defaultNeeded} {chosen.unit}
                  </Text>
                </Box>
              ) : null}
            </>
          ) : (
            <>
              <Field.Root required>
                <Field.Label>
                  Item Name
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input size="lg" autoComplete="off" {...register('name')} />
              </Field.Root>
              <FormField label="Brand" autoComplete="off" {...register('brand')} />
              <FormField
                label="Price per unit"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={values.price}
                onChange={(e) => {
                  if (isRowPriceText(e.target.value)) setValue('price', e.target.value)
                }}
              />
              <FormField
                label="Quantity to Buy"
                inputMode="numeric"
                autoComplete="off"
                value={quantity}
                onChange={(e) => onQuantity(e.target.value)}
                helperText="A whole number, at least 1"
              />
            </>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer px={DIALOG_PX}>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="teal" disabled={!ready} loading={pending} loadingText="Adding...">
          Add to List
        </Button>
      </Dialog.Footer>
    </DialogForm>
  )
}
