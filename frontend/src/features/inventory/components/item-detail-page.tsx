import { Badge, Box, Card, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react'
import { Copy, Package, Pencil, Share2, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { DetailActions, DetailItem, DetailList, DetailPage, DetailPageStatus } from '@/components/detail-page'
import { Notice } from '@/components/notice'
import { usePageTitle } from '@/components/use-page-title'
import { useLeaveAfterDelete } from '@/components/use-leave-after-delete'
import { useOnline } from '@/lib/use-online'
import { useTimedNotice } from '@/components/use-timed-notice'
import { copyText, shareOrCopy } from '@/components/share'
import { getErrorMessage } from '@/lib/api/client'
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
const BACK = { to: '/inventory', label: 'Back to Inventory' }

type ItemDetailPageProps = {
  id: string
  /** London's today; tests fix it. */
  today?: () => string
}

/** /inventory/{id} (spec doc 2, Inventory item detail). */
export function ItemDetailPage({ id, today = londonToday }: ItemDetailPageProps) {
  usePageTitle('Inventory item')
  const query = useInventoryItem(id)
  const deleteMutation = useDeleteItem()
  const { notice, show, clear } = useTimedNotice()
  const [todayValue] = useState(today)
  const online = useOnline()
  const [editOpen, setEditOpen] = useState(false)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const { deleted, leave } = useLeaveAfterDelete('/inventory', REDIRECT_AFTER_DELETE_MS)

  if (!query.isSuccess) {
    return (
      <DetailPageStatus
        query={query}
        title="Inventory item"
        loadingLabel="Loading inventory item"
        notFound={ITEM_NOT_FOUND}
        fallbackError={ITEM_LOAD_FALLBACK_ERROR}
        back={BACK}
      />
    )
  }

  const item = query.data

  const share = async () => {
    if ((await shareOrCopy(item.name, shareText(item))) === 'copied') show(COPIED_MESSAGE)
  }

  const copyDetails = async () => {
    await copyText(detailsText(item))
    show(COPIED_MESSAGE)
  }

  const offline = online ? undefined : OFFLINE_CHANGE_REASON

  return (
    <DetailPage
      back={BACK}
      actions={
        <DetailActions
          label="Item actions"
          disabled={deleted}
          actions={[
            { value: 'edit', label: 'Edit Item', icon: Pencil, unavailable: offline, writes: true },
            { value: 'share', label: 'Share', icon: Share2 },
            { value: 'copy', label: 'Copy Details', icon: Copy },
            { value: 'delete', label: 'Delete Item', icon: Trash2, danger: true, unavailable: offline, writes: true },
          ]}
          onSelect={(value) => {
            if (value === 'edit') setEditOpen(true)
            else if (value === 'share') void share()
            else if (value === 'copy') void copyDetails()
            else if (value === 'delete') {
              deleteMutation.reset()
              setDeleteOpen(true)
            }
          }}
        />
      }
    >
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
              leave()
              show(res.message || DELETE_ITEM_SUCCESS)
            },
          })
        }
        onClose={() => setDeleteOpen(false)}
      >
        {`Are you sure you want to delete "${item.name}"? This action cannot be undone.`}
      </ConfirmDialog>
    </DetailPage>
  )
}

function DetailRows({ item, today }: { item: InventoryItem; today: string }) {
  const chip = expiryDetailChip(item, today)
  const text = (value: string | null | undefined) => (value ? value : NOT_SPECIFIED)
  return (
    <DetailList>
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
    </DetailList>
  )
}
