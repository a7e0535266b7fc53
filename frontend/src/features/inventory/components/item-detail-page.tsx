import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Flex,
  Heading,
  IconButton,
  Image,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react'
import { ArrowLeft, Copy, EllipsisVertical, Package, Pencil, Share2, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { usePageTitle } from '@/components/use-page-title'
import { useOnline } from '@/lib/use-online'
import { useTimedNotice } from '@/components/use-timed-notice'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { formatDate, formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { DELETE_ITEM_FALLBACK_ERROR, DELETE_ITEM_SUCCESS, useDeleteItem } from '../api/delete-item'
import { ITEM_LOAD_FALLBACK_ERROR, ITEM_NOT_FOUND, useInventoryItem } from '../api/get-item'
import type { InventoryItem } from '../api/types'
import { expiryDetailChip } from '../lib/expiry'
import { detailsText, shareText } from '../lib/share'
import { stockLabel, stockMeaning, stockPalette } from '../lib/stock'
import { stockValuePence, totalValuePence } from '../lib/totals'
import { ItemDialog } from './item-dialog'
import { OFFLINE_CHANGE_REASON } from './offline-banner'

/** After a delete the page goes back to the list after 1.5 s (spec doc 2 §9). */
export const REDIRECT_AFTER_DELETE_MS = 1500
export const COPIED_MESSAGE = 'Item details copied to clipboard'
const NOT_SPECIFIED = 'Not specified'

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      // Fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  document.execCommand('copy')
  area.remove()
}

type ItemDetailPageProps = {
  id: string
  /** London's today; tests fix it. */
  today?: () => string
}

/** /inventory/{id} (spec doc 2, Inventory item detail). */
export function ItemDetailPage({ id, today = londonToday }: ItemDetailPageProps) {
  usePageTitle('Inventory item')
  const navigate = useNavigate()
  const query = useInventoryItem(id)
  const deleteMutation = useDeleteItem()
  const { notice, show, clear } = useTimedNotice()
  const [todayValue] = useState(today)
  const online = useOnline()
  const [editOpen, setEditOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [deleted, setDeleted] = useState(false)
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(redirect.current), [])

  // Offline, the first fetch is paused rather than failed: say so instead of loading forever.
  if (query.isPending && query.fetchStatus !== 'paused') return <DetailSkeleton />

  if (query.isError || query.isPending) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <Stack gap="4" maxW="2xl" mx="auto">
        <Heading as="h1" size="xl">
          Inventory item
        </Heading>
        {notFound ? (
          <ErrorAlert message={ITEM_NOT_FOUND} />
        ) : (
          <LoadError sources={[{ query, fallback: ITEM_LOAD_FALLBACK_ERROR }]} />
        )}
        <Box>
          <Button asChild variant="outline">
            <RouterLink to="/inventory">
              <ArrowLeft aria-hidden="true" />
              Back to Inventory
            </RouterLink>
          </Button>
        </Box>
      </Stack>
    )
  }

  const item = query.data

  const share = async () => {
    const text = shareText(item)
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: item.name, text })
      } catch {
        // Cancelled by the user: nothing to say.
      }
      return
    }
    await copyText(text)
    show(COPIED_MESSAGE)
  }

  const copyDetails = async () => {
    await copyText(detailsText(item))
    show(COPIED_MESSAGE)
  }

  return (
    <Stack gap="4" maxW="2xl" mx="auto">
      <Flex align="center" justify="space-between" gap="2">
        <Button asChild variant="ghost" size="sm" px="2">
          <RouterLink to="/inventory">
            <ArrowLeft aria-hidden="true" />
            Back to Inventory
          </RouterLink>
        </Button>
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={({ value }) => {
            if (value === 'edit') setEditOpen(true)
            else if (value === 'share') void share()
            else if (value === 'copy') void copyDetails()
            else if (value === 'delete') {
              deleteMutation.reset()
              setDeleteOpen(true)
            }
          }}
        >
          <Menu.Trigger asChild>
            <IconButton aria-label="Item actions" variant="ghost" disabled={deleted}>
              <EllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48">
                <Menu.Item value="edit" disabled={!online} title={online ? undefined : OFFLINE_CHANGE_REASON}>
                  <Pencil size={16} aria-hidden="true" />
                  Edit Item
                </Menu.Item>
                <Menu.Item value="share">
                  <Share2 size={16} aria-hidden="true" />
                  Share
                </Menu.Item>
                <Menu.Item value="copy">
                  <Copy size={16} aria-hidden="true" />
                  Copy Details
                </Menu.Item>
                <Menu.Item value="delete" color="fg.error" disabled={!online} title={online ? undefined : OFFLINE_CHANGE_REASON}>
                  <Trash2 size={16} aria-hidden="true" />
                  Delete Item
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>

      <Notice notice={notice} onClose={clear} />

      <Card.Root variant="outline" bg="bg" overflow="hidden">
        {item.image ? (
          <Image src={item.image} alt={item.name} maxH="64" w="full" objectFit="cover" />
        ) : (
          <Flex
            h="40"
            bg="bg.muted"
            color="fg.muted"
            align="center"
            justify="center"
            data-testid="image-placeholder"
          >
            <Package size={56} aria-hidden="true" />
          </Flex>
        )}
        <Card.Body>
          <Stack gap="3" align="center" textAlign="center">
            <Stack gap="1" align="center">
              <Heading as="h1" size="xl" wordBreak="break-word">
                {item.name}
              </Heading>
              {item.preferredStore ? <Text color="fg.muted">{item.preferredStore}</Text> : null}
            </Stack>
            <Flex align="center" gap="2">
              <Box
                boxSize="4"
                rounded="full"
                bg={`${stockPalette(item.stockStatus)}.solid`}
                title={stockMeaning(item.stockStatus)}
                aria-hidden="true"
                data-testid="stock-circle"
                data-palette={stockPalette(item.stockStatus)}
              />
              <Text fontWeight="semibold" data-testid="stock-label">
                {stockLabel(item)}
              </Text>
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root variant="outline" bg="bg">
        <Card.Header pb="0">
          <Heading as="h2" size="md">
            Details
          </Heading>
        </Card.Header>
        <Card.Body>
          <DetailRows item={item} today={todayValue} />
        </Card.Body>
      </Card.Root>

      <ItemDialog
        open={editOpen}
        item={item}
        editTitle="Edit Inventory Item"
        onClose={() => setEditOpen(false)}
        onSaved={(message) => show(message)}
      />
      <ConfirmDialog
        open={deleteOpen}
        title="Delete Item"
        pending={deleteMutation.isPending}
        error={deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_ITEM_FALLBACK_ERROR) : null}
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() =>
          deleteMutation.mutate(item._id, {
            onSuccess: (res) => {
              setDeleteOpen(false)
              setDeleted(true)
              show(res.message || DELETE_ITEM_SUCCESS)
              redirect.current = setTimeout(() => navigate('/inventory', { replace: true }), REDIRECT_AFTER_DELETE_MS)
            },
          })
        }
        onClose={() => setDeleteOpen(false)}
      >
        {`Are you sure you want to delete "${item.name}"? This action cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  )
}

function DetailRows({ item, today }: { item: InventoryItem; today: string }) {
  const chip = expiryDetailChip(item, today)
  const text = (value: string | null | undefined) => (value ? value : NOT_SPECIFIED)
  return (
    <DataList.Root orientation="horizontal" divideY="1px" gap="0">
      <DetailItem label="Category" value={text(item.category)} />
      <DetailItem label="Brand" value={text(item.brand)} />
      <DetailItem label="Last Price" value={formatMoney(toPence(item.lastPrice ?? 0))} />
      <DetailItem label="Preferred Store" value={text(item.preferredStore)} />
      <DetailItem label="Type" value={text(item.type)} />
      <DetailItem label="Size" value={text(item.size)} />
      <DetailItem
        label="Expiry Date"
        value={
          item.expiryDate ? (
            <Flex gap="2" align="center" justify="flex-end" wrap="wrap">
              {formatDate(item.expiryDate.slice(0, 10))}
              {chip ? (
                <Badge colorPalette={chip === 'Expired' ? 'red' : 'orange'} data-testid="expiry-chip">
                  {chip}
                </Badge>
              ) : null}
            </Flex>
          ) : (
            NOT_SPECIFIED
          )
        }
      />
      <DetailItem label="Location in House" value={text(item.locationInHouse)} />
      <DetailItem label="Default Needed" value={`${item.defaultNeeded} ${item.unit}`} />
      <DetailItem label="Total Value" value={formatMoney(totalValuePence(item))} />
      <DetailItem label="Current Stock Value" value={formatMoney(stockValuePence(item))} />
    </DataList.Root>
  )
}

function DetailItem({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item py="3" justifyContent="space-between">
      <DataList.ItemLabel minW="0" flex="1">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue flex="1" justifyContent="flex-end" textAlign="end" fontWeight="medium" wordBreak="break-word">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  )
}

function DetailSkeleton() {
  return (
    <Stack gap="4" maxW="2xl" mx="auto" role="status" aria-label="Loading inventory item" aria-busy="true" data-testid="detail-skeleton">
      <Skeleton height="8" width="48" />
      <Skeleton height="64" borderRadius="lg" />
      <Skeleton height="48" borderRadius="lg" />
    </Stack>
  )
}
