import { Box, Button, Flex, Heading, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { Package, Plus, ShoppingCart } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { LoadError } from '@/components/load-error'
import { usePageTitle } from '@/components/use-page-title'
import { ReadOnlyHint, WriteButton } from '@/components/write-access'
import { formatMoney } from '@/lib/format'
import { lastKnownUser } from '@/lib/offline/last-user'
import { useOnline } from '@/lib/use-online'
import { SHOPPING_LIST_FALLBACK_ERROR, useShoppingList } from '../api/get-shopping-list'
import { SHOPPING_LIST_COPY, useOfflineSync, useQueueChange } from '../api/offline-sync'
import type { ShoppingEntry } from '../api/types'
import { loadSelection, saveSelection } from '../lib/saved-selection'
import {
  EMPTY_SELECTION,
  editsOf,
  pruneSelection,
  type ShoppingSelection,
  selectionTotalPence,
  tickedEntries,
  tripLines,
  withEdit,
} from '../lib/selection'
import { entryName } from '../lib/shopping-labels'
import { AddToListDialog } from './add-to-list-dialog'
import { CompleteTripDialog } from './complete-trip-dialog'
import { OFFLINE_ADD_REASON, OFFLINE_TRIP_REASON, OfflineBanner } from './offline-banner'
import { ShoppingEntryRow } from './shopping-entry'

/** The list shows this many placeholder rows while it loads (spec doc 2 §9). */
const LOADING_ROWS = 5

/**
 * /shopping-list: what to restock, ticked for a trip that becomes one expense. The ticks are the
 * household's: one member's show on the others' screens within seconds (the list refreshes while
 * it is open), named when someone else made them.
 */
export function ShoppingListPage() {
  usePageTitle('Shopping List')
  const navigate = useNavigate()
  const online = useOnline()
  const list = useShoppingList({ live: online })
  useOfflineSync()
  const queueChange = useQueueChange()
  const reasonId = useId()
  // Who is signed in here, so their own ticks are not named to them.
  const [myId] = useState(() => lastKnownUser()?._id)
  // The typed fields are kept on the device, so a reload in the shop keeps the prices.
  const [stored, setSelection] = useState<ShoppingSelection>(loadSelection)
  const [addOpen, setAddOpen] = useState(false)
  const [tripOpen, setTripOpen] = useState(false)

  useEffect(() => saveSelection(stored), [stored])

  const entries = useMemo(() => list.data ?? [], [list.data])
  // Entries that left the list (removed, bought) drop out of the selection.
  const selection = useMemo(() => pruneSelection(stored, entries), [stored, entries])
  const ticked = tickedEntries(entries).length
  const totalPence = selectionTotalPence(selection, entries)
  const update = (change: (s: ShoppingSelection) => ShoppingSelection) =>
    setSelection((prev) => change(pruneSelection(prev, entries)))

  const saveQuantity = (entry: ShoppingEntry, text: string) => {
    const quantity = Number(text)
    if (text === '' || quantity < 1 || quantity === entry.quantityToBuy) return
    // Shown at once and sent through the offline queue; a refusal is reported by the queue.
    void queueChange({ kind: 'set-quantity', entryId: entry._id, quantity }, entryName(entry))
  }

  // Shown at once and sent through the offline queue, like every other change to the list; a
  // refusal is reported by the queue and the list shows the server's ticks again.
  const toggle = (entry: ShoppingEntry) => {
    void queueChange({ kind: 'set-ticked', entryId: entry._id, ticked: !entry.ticked }, entryName(entry))
  }

  const remove = (entry: ShoppingEntry) => {
    void queueChange({ kind: 'remove-entry', entryId: entry._id }, entryName(entry))
  }

  const body = list.isPending ? (
    <Stack gap="3" role="status" aria-label="Loading shopping list">
      {Array.from({ length: LOADING_ROWS }, (_, i) => (
        <Skeleton key={i} height="16" borderRadius="lg" data-testid="shopping-skeleton" />
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
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Items to buy">
      {entries.map((entry) => (
        <ShoppingEntryRow
          key={entry._id}
          entry={entry}
          tickedBy={entry.ticked && entry.tickedBy && entry.tickedBy._id !== myId ? entry.tickedBy.name : null}
          edits={editsOf(selection, entry)}
          onToggle={() => toggle(entry)}
          onEdit={(field, value) => update((s) => withEdit(s, entry, field, value))}
          onQuantityDone={(text) => saveQuantity(entry, text)}
          onRemove={() => remove(entry)}
        />
      ))}
    </Stack>
  )

  return (
    <Stack gap={{ base: '4', md: '6' }}>
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
          <WriteButton
            colorPalette="teal"
            onClick={() => setAddOpen(true)}
            disabled={!online}
            aria-describedby={online ? undefined : `${reasonId}-add`}
          >
            <Plus aria-hidden="true" />
            Add Item to Shopping List
          </WriteButton>
        </Flex>
      </Flex>
      {online ? null : (
        <Text id={`${reasonId}-add`} fontSize="sm" color="fg.muted" mt={{ base: '-2', md: '-4' }}>
          {OFFLINE_ADD_REASON}
        </Text>
      )}
      <ReadOnlyHint />

      <OfflineBanner copy={SHOPPING_LIST_COPY} />
      <LoadError sources={[{ query: list, fallback: SHOPPING_LIST_FALLBACK_ERROR }]} />

      <section aria-labelledby="shopping-items-heading">
        <VisuallyHidden asChild>
          <h2 id="shopping-items-heading">Items to buy</h2>
        </VisuallyHidden>
        {body}
      </section>

      {ticked > 0 ? (
        // Sticky, not fixed: it floats over the list while scrolling, but it takes its own room
        // after the last entry, so scrolled to the end it never covers one (issue 32).
        <Stack
          position="sticky"
          bottom="calc(1rem + env(safe-area-inset-bottom))"
          alignSelf="flex-end"
          zIndex="sticky"
          maxW="full"
          align="flex-end"
          gap="1"
          data-testid="complete-bar"
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
          <WriteButton
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
          </WriteButton>
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
