import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  Flex,
  Heading,
  IconButton,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { Package, Plus, ShoppingCart, Trash2 } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LoadError } from '@/components/load-error'
import { usePageTitle } from '@/components/use-page-title'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { useOnline } from '@/lib/use-online'
import { SHOPPING_LIST_FALLBACK_ERROR, useShoppingList } from '../api/get-shopping-list'
import { SHOPPING_LIST_COPY, useOfflineSync, useQueueChange } from '../api/offline-sync'
import type { ShoppingEntry } from '../api/types'
import { loadSelection, saveSelection } from '../lib/saved-selection'
import {
  EMPTY_SELECTION,
  editsOf,
  isTicked,
  linePence,
  pruneSelection,
  type RowEdits,
  type RowField,
  type ShoppingSelection,
  selectionTotalPence,
  toggleTicked,
  tripLines,
  withEdit,
} from '../lib/selection'
import { entryName, isAutoAdded, quantityLabel, stockLabel, stockPalette } from '../lib/shopping-labels'
import { AddToListDialog } from './add-to-list-dialog'
import { CompleteTripDialog } from './complete-trip-dialog'
import { OFFLINE_ADD_REASON, OFFLINE_TRIP_REASON, OfflineBanner } from './offline-banner'

/** The list shows this many placeholder rows while it loads (spec doc 2 §9). */
const LOADING_ROWS = 5

/** /shopping-list: what to restock, ticked for a trip that becomes one expense. */
export function ShoppingListPage() {
  usePageTitle('Shopping List')
  const navigate = useNavigate()
  const list = useShoppingList()
  useOfflineSync()
  const queueChange = useQueueChange()
  const online = useOnline()
  const reasonId = useId()
  // The selection is kept on the device, so a reload in the shop keeps the ticks and prices.
  const [stored, setSelection] = useState<ShoppingSelection>(loadSelection)
  const [addOpen, setAddOpen] = useState(false)
  const [tripOpen, setTripOpen] = useState(false)

  useEffect(() => saveSelection(stored), [stored])

  const entries = useMemo(() => list.data ?? [], [list.data])
  // Entries that left the list (removed, bought) drop out of the selection.
  const selection = useMemo(() => pruneSelection(stored, entries), [stored, entries])
  const ticked = selection.ticked.length
  const totalPence = selectionTotalPence(selection, entries)
  const update = (change: (s: ShoppingSelection) => ShoppingSelection) =>
    setSelection((prev) => change(pruneSelection(prev, entries)))

  const saveQuantity = (entry: ShoppingEntry, text: string) => {
    const quantity = Number(text)
    if (text === '' || quantity < 1 || quantity === entry.quantityToBuy) return
    // Shown at once and sent through the offline queue; a refusal is reported by the queue.
    void queueChange({ kind: 'set-quantity', entryId: entry._id, quantity }, entryName(entry))
  }

  const remove = (entry: ShoppingEntry) => {
    void queueChange({ kind: 'remove-entry', entryId: entry._id }, entryName(entry))
  }

  const body = list.isPending ? (
    <Stack gap="3" role="status" aria-label="Loading shopping list">
      {Array.from({ length: LOADING_ROWS }, (_, i) => (
        <Skeleton key={i} height="28" borderRadius="lg" data-testid="shopping-skeleton" />
      ))}
    </Stack>
  ) : list.isSuccess && entries.length === 0 ? (
    <Stack align="center" textAlign="center" gap="2" py="12" color="fg.muted">
      <ShoppingCart size={48} aria-hidden="true" />
      <Text fontSize="lg" fontWeight="semibold" color="fg">
        Your shopping list is empty
      </Text>
      <Text>Items will appear here when your inventory stock runs low</Text>
    </Stack>
  ) : (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Items to buy">
      {entries.map((entry) => (
        <EntryRow
          key={entry._id}
          entry={entry}
          ticked={isTicked(selection, entry._id)}
          edits={editsOf(selection, entry)}
          onToggle={() => update((s) => toggleTicked(s, entry._id))}
          onEdit={(field, value) => update((s) => withEdit(s, entry, field, value))}
          onQuantityDone={(text) => saveQuantity(entry, text)}
          onRemove={() => remove(entry)}
        />
      ))}
    </Stack>
  )

  return (
    <Stack gap={{ base: '4', md: '6' }} pb={ticked > 0 ? '24' : undefined}>
      <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Shopping List
          </Heading>
          <Text color="fg.muted" mt="1">
            Items that need to be restocked
          </Text>
        </Box>
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }} w={{ base: 'full', sm: 'auto' }}>
          <Button asChild variant="outline">
            <Link to="/inventory">
              <Package aria-hidden="true" />
              Manage Inventory
            </Link>
          </Button>
          <Button
            colorPalette="teal"
            onClick={() => setAddOpen(true)}
            disabled={!online}
            aria-describedby={online ? undefined : `${reasonId}-add`}
          >
            <Plus aria-hidden="true" />
            Add Item to Shopping List
          </Button>
        </Flex>
      </Flex>
      {online ? null : (
        <Text id={`${reasonId}-add`} fontSize="sm" color="fg.muted" mt={{ base: '-2', md: '-4' }}>
          {OFFLINE_ADD_REASON}
        </Text>
      )}

      <OfflineBanner copy={SHOPPING_LIST_COPY} />
      <LoadError sources={[{ query: list, fallback: SHOPPING_LIST_FALLBACK_ERROR }]} />

      <section aria-labelledby="shopping-items-heading">
        <VisuallyHidden asChild>
          <h2 id="shopping-items-heading">Items to buy</h2>
        </VisuallyHidden>
        {body}
      </section>

      {ticked > 0 ? (
        <Stack
          position="fixed"
          bottom="calc(1rem + env(safe-area-inset-bottom))"
          insetEnd="4"
          zIndex="sticky"
          maxW="calc(100vw - 2rem)"
          align="flex-end"
          gap="1"
        >
          {online ? null : (
            <Text
              id={`${reasonId}-trip`}
              fontSize="sm"
              bg="bg"
              borderWidth="1px"
              borderRadius="md"
              px="3"
              py="1"
              shadow="sm"
              data-testid="trip-offline-reason"
            >
              {OFFLINE_TRIP_REASON}
            </Text>
          )}
          <Button
            colorPalette="teal"
            size="lg"
            rounded="full"
            shadow="lg"
            maxW="full"
            disabled={!online}
            aria-describedby={online ? undefined : `${reasonId}-trip`}
            onClick={() => setTripOpen(true)}
          >
            <ShoppingCart aria-hidden="true" />
            {`Complete (${ticked}) - ${formatMoney(totalPence)}`}
          </Button>
        </Stack>
      ) : null}

      <AddToListDialog open={addOpen} onClose={() => setAddOpen(false)} />
      <CompleteTripDialog
        open={tripOpen}
        onClose={() => setTripOpen(false)}
        lines={tripLines(selection, entries)}
        totalPence={totalPence}
        onCompleted={() => {
          setTripOpen(false)
          setSelection(EMPTY_SELECTION)
          void navigate('/transactions')
        }}
      />
    </Stack>
  )
}

type EntryRowProps = {
  entry: ShoppingEntry
  ticked: boolean
  edits: RowEdits
  onToggle: () => void
  onEdit: (field: RowField, value: string) => void
  /** The Qty field lost focus with this text. */
  onQuantityDone: (text: string) => void
  onRemove: () => void
}

/** One entry: tick, what it is, its stock and totals, and (unticked) the fields of the purchase. */
function EntryRow({ entry, ticked, edits, onToggle, onEdit, onQuantityDone, onRemove }: EntryRowProps) {
  const name = entryName(entry)
  const item = entry.inventoryItem
  const stock = item?.currentStock ?? 0
  const unit = item?.unit ?? ''
  return (
    <Card.Root as="li" variant="outline" bg="bg" opacity={ticked ? 0.6 : 1} data-testid="shopping-entry">
      <Card.Body p={{ base: '3', md: '4' }} gap="3">
        <Flex gap="3" align="flex-start">
          <Checkbox.Root checked={ticked} onCheckedChange={onToggle} colorPalette="teal" size="lg" mt="0.5">
            <Checkbox.HiddenInput aria-label={`Buy ${name}`} />
            <Checkbox.Control />
          </Checkbox.Root>
          <Box flex="1" minW="0">
            <Text fontWeight="semibold" textDecoration={ticked ? 'line-through' : undefined} wordBreak="break-word">
              {name}
            </Text>
            {item?.brand ? (
              <Text fontSize="sm" color="fg.muted">
                {item.brand}
              </Text>
            ) : null}
            <Flex gap="1.5" wrap="wrap" mt="2">
              {item?.category ? <Badge variant="subtle">{item.category}</Badge> : null}
              <Badge colorPalette={stockPalette(stock)} variant="subtle">
                {stockLabel(stock, unit)}
              </Badge>
              <Badge colorPalette="teal" variant="subtle">
                {quantityLabel(entry.quantityToBuy)}
              </Badge>
              {isAutoAdded(entry) ? (
                <Badge colorPalette="purple" variant="outline">
                  Auto-added
                </Badge>
              ) : null}
            </Flex>
          </Box>
          <Stack gap="0" align="flex-end" textAlign="end" flexShrink={0}>
            <Text fontWeight="bold" data-testid="line-total">
              {formatMoney(linePence(entry, edits))}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Stock value {formatMoney(toPence(item?.currentStockValue ?? 0))}
            </Text>
          </Stack>
          <IconButton
            aria-label={`Remove ${name} from shopping list`}
            title="Remove"
            variant="ghost"
            colorPalette="red"
            size="sm"
            onClick={onRemove}
          >
            <Trash2 />
          </IconButton>
        </Flex>
        {ticked ? null : (
          <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" ps={{ base: '0', md: '9' }}>
            <EntryField
              label="Qty"
              name={name}
              inputMode="numeric"
              value={edits.quantity}
              onChange={(v) => onEdit('quantity', v)}
              onBlur={onQuantityDone}
            />
            <EntryField
              label="Price"
              name={name}
              inputMode="decimal"
              value={edits.price}
              placeholder="0.00"
              onChange={(v) => onEdit('price', v)}
            />
            <Box gridColumn={{ base: 'span 2', md: 'auto' }}>
              <EntryField label="Store" name={name} value={edits.store} onChange={(v) => onEdit('store', v)} />
            </Box>
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  )
}

type EntryFieldProps = {
  label: string
  /** The entry's name, read after the label ('Qty for Milk'). */
  name: string
  value: string
  placeholder?: string
  inputMode?: 'numeric' | 'decimal'
  onChange: (value: string) => void
  onBlur?: (value: string) => void
}

function EntryField({ label, name, value, placeholder, inputMode, onChange, onBlur }: EntryFieldProps) {
  return (
    <Field.Root>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
        <VisuallyHidden> for {name}</VisuallyHidden>
      </Field.Label>
      <Input
        size="sm"
        autoComplete="off"
        inputMode={inputMode}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur ? (e) => onBlur(e.target.value) : undefined}
      />
    </Field.Root>
  )
}
