import {
  Alert,
  Box,
  Button,
  Flex,
  Heading,
  Input,
  InputGroup,
  LinkBox,
  LinkOverlay,
  Skeleton,
  Stack,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@chakra-ui/react'
import { ArrowLeft, Package, Plus, Search } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { notifySuccess, toaster } from '@/components/notify'
import { usePageTitle } from '@/components/use-page-title'
import { ReadOnlyHint, WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { useOnline } from '@/lib/use-online'
import { formatMoney } from '@/lib/format'
import { ADD_TO_LIST_FALLBACK_ERROR, ADD_TO_LIST_SUCCESS, useAddToList } from '../api/add-to-list'
import { DELETE_ITEM_FALLBACK_ERROR, DELETE_ITEM_SUCCESS, useDeleteItem } from '../api/delete-item'
import { ITEMS_FALLBACK_ERROR, useInventoryItems } from '../api/get-items'
import { INVENTORY_COPY, useOfflineSync } from '../api/offline-sync'
import type { InventoryItem } from '../api/types'
import { expiryAlert } from '../lib/expiry'
import { restockQuantity } from '../lib/stock'
import { inventoryTotals } from '../lib/totals'
import { ItemDialog } from './item-dialog'
import { ItemTable } from './item-table'
import { OFFLINE_ADD_REASON, OfflineBanner } from './offline-banner'
import { DecrementButton, StockChip } from './stock-controls'

/** The list shows this many placeholders while it loads (spec doc 2 §9). */
const LOADING_ROWS = 5
/** The search is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300

type InventoryPageProps = {
  /** London's today; tests fix it. */
  today?: () => string
}

/** A dialog's item is kept after closing, so its text does not change while it animates out. */
type DialogState = { item: InventoryItem | null; open: boolean }
const closed: DialogState = { item: null, open: false }

/** /inventory: search, the items (rows on a phone, a table from md up) and the totals. */
export function InventoryPage({ today = londonToday }: InventoryPageProps) {
  usePageTitle('Inventory')
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? true
  const [todayValue] = useState(today)
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const items = useInventoryItems(search)
  useOfflineSync()
  const online = useOnline()
  const deleteMutation = useDeleteItem()
  const addMutation = useAddToList()
  const [form, setForm] = useState<DialogState>(closed)
  const [toDelete, setToDelete] = useState<DialogState>(closed)
  const searchId = useId()

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [searchText])

  const add = () => setForm({ item: null, open: true })
  const edit = (item: InventoryItem) => setForm({ item, open: true })
  const askDelete = (item: InventoryItem) => {
    deleteMutation.reset()
    setToDelete({ item, open: true })
  }
  const addToList = (item: InventoryItem) => {
    const quantityToBuy = restockQuantity(item)
    if (quantityToBuy <= 0) {
      toaster.dismiss()
      toaster.create({ title: `Stock is sufficient: ${item.name} needs no restocking`, type: 'info', closable: true })
      return
    }
    addMutation.mutate(
      { inventoryItemId: item._id, quantityToBuy },
      {
        onSuccess: (res) => notifySuccess(res.message || ADD_TO_LIST_SUCCESS),
        onError: (error) =>
          toaster.create({ title: getErrorMessage(error, ADD_TO_LIST_FALLBACK_ERROR), type: 'error', closable: true }),
      },
    )
  }

  const list = items.data ?? []
  const body = items.isPending ? (
    <Stack gap="3" role="status" aria-label="Loading inventory items">
      {Array.from({ length: LOADING_ROWS }, (_, i) => (
        <Skeleton key={i} height={phone ? '20' : '12'} borderRadius="md" data-testid="inventory-skeleton" />
      ))}
    </Stack>
  ) : items.isSuccess && list.length === 0 ? (
    <EmptyState searching={search !== ''} onAdd={add} />
  ) : list.length === 0 ? null : (
    <Stack gap="4">
      {phone ? (
        <ItemRows items={list} today={todayValue} />
      ) : (
        <ItemTable
          items={list}
          today={todayValue}
          onEdit={edit}
          onAddToList={addToList}
          onDelete={askDelete}
          adding={addMutation.isPending ? addMutation.variables?.inventoryItemId : undefined}
          online={online}
        />
      )}
      <Totals items={list} />
    </Stack>
  )

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Inventory
          </Heading>
          <Text color="fg.muted" mt="1">
            Manage your household items and track stock levels
          </Text>
        </Box>
        {/* One row on a phone: two buttons side by side, the link's words shortened to fit. */}
        <Flex gap="2" w={{ base: 'full', md: 'auto' }}>
          <Button asChild variant="outline" flex={{ base: '1', md: 'initial' }} minH={{ base: '11', md: undefined }}>
            <RouterLink to="/shopping-list" aria-label="Back to Shopping List">
              <ArrowLeft aria-hidden="true" />
              <Box as="span" hideBelow="md">
                Back to Shopping List
              </Box>
              <Box as="span" hideFrom="md">
                Shopping List
              </Box>
            </RouterLink>
          </Button>
          <WriteButton
            colorPalette="teal"
            flex={{ base: '1', md: 'initial' }}
            minH={{ base: '11', md: undefined }}
            onClick={add}
            disabled={!online}
            aria-describedby={online ? undefined : `${searchId}-offline`}
          >
            <Plus aria-hidden="true" />
            Add Item
          </WriteButton>
        </Flex>
      </Flex>
      {online ? null : (
        <Text id={`${searchId}-offline`} fontSize="sm" color="fg.muted" mt={{ base: '-2', md: '-4' }}>
          {OFFLINE_ADD_REASON}
        </Text>
      )}
      <ReadOnlyHint />
      <OfflineBanner copy={INVENTORY_COPY} />

      <Box role="search">
        <label htmlFor={searchId}>
          <VisuallyHidden>Search items</VisuallyHidden>
        </label>
        <InputGroup startElement={<Search size={18} aria-hidden="true" />}>
          <Input
            id={searchId}
            type="search"
            size="lg"
            bg="bg"
            placeholder="Search items by name, brand, or store..."
            autoComplete="off"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </InputGroup>
      </Box>

      <LoadError sources={[{ query: items, fallback: ITEMS_FALLBACK_ERROR }]} />

      <Box as="section" aria-labelledby={`${searchId}-items`}>
        <VisuallyHidden asChild>
          <h2 id={`${searchId}-items`}>Items</h2>
        </VisuallyHidden>
        {body}
      </Box>

      <ItemDialog
        open={form.open}
        item={form.item}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={notifySuccess}
      />
      <ConfirmDialog
        open={toDelete.open}
        title="Delete Item"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteMutation.isPending}
        error={deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_ITEM_FALLBACK_ERROR) : null}
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!toDelete.item) return
          deleteMutation.mutate(toDelete.item._id, {
            onSuccess: (res) => {
              notifySuccess(res.message || DELETE_ITEM_SUCCESS)
              setToDelete((d) => ({ ...d, open: false }))
            },
          })
        }}
        onClose={() => setToDelete((d) => ({ ...d, open: false }))}
      >
        {`Are you sure you want to delete "${toDelete.item?.name ?? ''}"? This action cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  )
}

/** Small screens: a row per item, opening its page; the decrement button sits above the link. */
function ItemRows({ items, today }: { items: InventoryItem[]; today: string }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
      {items.map((item) => {
        const alert = expiryAlert(item, today)
        return (
          <LinkBox as="li" key={item._id} bg="bg" borderWidth="1px" borderRadius="lg" p="3" data-testid="inventory-row">
            <Flex align="center" gap="3">
              <Stack gap="1" flex="1" minW="0">
                {/* The overlay makes the whole card the link; the name itself is 44 px tall too. */}
                <LinkOverlay asChild display="flex" alignItems="center" minH="11">
                  <RouterLink to={`/inventory/${encodeURIComponent(item._id)}`}>
                    <Text as="span" fontWeight="semibold" wordBreak="break-word">
                      {item.name}
                    </Text>
                  </RouterLink>
                </LinkOverlay>
                {item.brand ? (
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {item.brand}
                  </Text>
                ) : null}
                <Box>
                  <StockChip item={item} />
                </Box>
              </Stack>
              <Box position="relative" zIndex="1">
                <DecrementButton item={item} />
              </Box>
            </Flex>
            {alert ? (
              <Alert.Root status={alert.includes('expired') ? 'error' : 'warning'} size="sm" mt="2" borderRadius="md">
                <Alert.Indicator />
                <Alert.Title>{alert}</Alert.Title>
              </Alert.Root>
            ) : null}
          </LinkBox>
        )
      })}
    </Stack>
  )
}

/** Grand Total (N items): Σ price × needed; Current Stock Value: Σ price × stock. */
function Totals({ items }: { items: InventoryItem[] }) {
  const totals = inventoryTotals(items)
  return (
    <Flex
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '3', md: '4' }}
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      gap="2"
      data-testid="inventory-totals"
    >
      <Flex gap="2" justify="space-between" flex="1">
        <Text fontWeight="semibold">Grand Total ({totals.count} items)</Text>
        <Text fontWeight="bold" data-testid="grand-total">
          {formatMoney(totals.grandTotalPence)}
        </Text>
      </Flex>
      <Flex gap="2" justify="space-between" flex="1" ps={{ sm: '6' }}>
        <Text color="fg.muted">Current Stock Value</Text>
        <Text fontWeight="semibold" data-testid="stock-value">
          {formatMoney(totals.stockValuePence)}
        </Text>
      </Flex>
    </Flex>
  )
}

/** No items at all, or none matching the search. */
function EmptyState({ searching, onAdd }: { searching: boolean; onAdd: () => void }) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '6', md: '10' }} textAlign="center">
      <Stack gap="3" align="center">
        <Package size={40} aria-hidden="true" />
        <Heading as="h3" size="lg">
          {searching ? 'No items match your search' : 'No inventory items yet'}
        </Heading>
        {searching ? (
          <Text color="fg.muted">Try another name, brand or store.</Text>
        ) : (
          <WriteButton colorPalette="teal" onClick={onAdd}>
            <Plus aria-hidden="true" />
            Add First Item
          </WriteButton>
        )}
      </Stack>
    </Box>
  )
}
