import { Box, Button, Dialog, Field, Group, Input, Stack, Text } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'
import { DIALOG_PX, DialogForm } from '@/components/dialog-form'
import { ErrorAlert } from '@/components/error-alert'
import { FormDialog } from '@/components/form-dialog'
import { FormField } from '@/components/form-field'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { penceToDecimalText } from '@/lib/money'
import { ADD_ENTRY_FALLBACK_ERROR, ADD_ENTRY_SUCCESS, useAddListEntry } from '../api/add-list-entry'
import { ITEM_OPTIONS_FALLBACK_ERROR, useCreateListItem, useItemOptions } from '../api/create-list-item'
import { isRowPriceText, isRowQuantityText, pricePence } from '../lib/selection'
import { itemOptionLabel } from '../lib/shopping-labels'

type Mode = 'existing' | 'new'

type AddToListDialogProps = { open: boolean; onClose: () => void }

/** 'Add Item to Shopping List': an item from the inventory, or a new item made for the list. */
export function AddToListDialog({ open, onClose }: AddToListDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AddToListForm onDone={onClose} />
    </FormDialog>
  )
}

/** A whole quantity of at least 1, or null ('' and '0' are not). */
function wholeQuantity(text: string): number | null {
  const n = Number(text)
  return text !== '' && Number.isInteger(n) && n >= 1 ? n : null
}

function AddToListForm({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<Mode>('existing')
  const [itemId, setItemId] = useState('')
  const [quantity, setQuantity] = useState('1')
  const [name, setName] = useState('')
  const [brand, setBrand] = useState('')
  const [price, setPrice] = useState('')
  const [error, setError] = useState<string | null>(null)
  const items = useItemOptions()
  const addEntry = useAddListEntry()
  const createItem = useCreateListItem()
  const pending = addEntry.isPending || createItem.isPending

  const chosen = (items.data ?? []).find((i) => i._id === itemId)
  const count = wholeQuantity(quantity)
  const ready = count !== null && (mode === 'existing' ? !!chosen : name.trim() !== '')

  const fail = (e: unknown) => setError(getErrorMessage(e, ADD_ENTRY_FALLBACK_ERROR))
  const added = () => {
    notifySuccess(ADD_ENTRY_SUCCESS)
    onDone()
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!ready || pending) return
    setError(null)
    if (mode === 'existing') {
      addEntry.mutate(
        { inventoryItemId: itemId, quantityToBuy: count, addedManually: true },
        { onSuccess: added, onError: fail },
      )
      return
    }
    createItem.mutate(
      {
        name: name.trim(),
        brand: brand.trim(),
        lastPrice: penceToDecimalText(pricePence(price)),
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
  }

  const onQuantity = (text: string) => {
    if (isRowQuantityText(text)) setQuantity(text)
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
                onClick={() => setMode(value)}
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
                value={itemId}
                onChange={(e) => setItemId(e.target.value)}
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
                <Input size="lg" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
              </Field.Root>
              <FormField label="Brand" autoComplete="off" value={brand} onChange={(e) => setBrand(e.target.value)} />
              <FormField
                label="Price per unit"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                value={price}
                onChange={(e) => {
                  if (isRowPriceText(e.target.value)) setPrice(e.target.value)
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
