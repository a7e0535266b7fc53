import { Badge, Flex, Table, Text, useBreakpointValue } from '@chakra-ui/react'
import { Pencil, ShoppingCart, Trash2 } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { WriteIconButton } from '@/components/write-access'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { InventoryItem } from '../api/types'
import { expiryChipText, expiryTag } from '../lib/expiry'
import { stockValuePence, totalValuePence } from '../lib/totals'
import { OFFLINE_CHANGE_REASON } from './offline-banner'
import { DecrementButton, StockChip } from './stock-controls'

const orDash = (text: string | null | undefined) => (text ? text : '-')

export type ItemTableProps = {
  items: InventoryItem[]
  today: string
  onEdit: (item: InventoryItem) => void
  onAddToList: (item: InventoryItem) => void
  onDelete: (item: InventoryItem) => void
  /** The item whose add to the shopping list runs. */
  adding?: string
  /** Offline, the actions that need the server are off (using one works through the queue). */
  online: boolean
}

const COLUMNS = [
  'Name',
  'Brand',
  'Stock',
  'Needed',
  'Price',
  'Type',
  'Size',
  'Expiry',
  'Location',
  'Stock Value',
  'Store',
  'Total',
  'Actions',
] as const
const NUMERIC = new Set<string>(['Needed', 'Price', 'Stock Value', 'Total'])
/** Folded under the item's name below the 2xl breakpoint, so the table fits a 1440 px screen. */
const FOLDED = new Set<string>(['Type', 'Size', 'Location'])

/**
 * Wide screens: the spec's 13 columns from the 2xl breakpoint (1536 px) up; below it Type, Size
 * and Location are shown under the item's name, so Total and Actions stay on screen.
 */
export function ItemTable({ items, today, onEdit, onAddToList, onDelete, adding, online }: ItemTableProps) {
  const offline = online ? undefined : OFFLINE_CHANGE_REASON
  const roomy = useBreakpointValue({ base: false, '2xl': true }, { ssr: false }) ?? true
  const columns = roomy ? COLUMNS : COLUMNS.filter((c) => !FOLDED.has(c))
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" aria-label="Inventory items">
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} textAlign={NUMERIC.has(c) ? 'end' : undefined} whiteSpace="nowrap">
                {c}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {items.map((item) => {
            const chip = expiryChipText(item, today)
            const tag = expiryTag(item, today)
            return (
              <Table.Row key={item._id} data-testid="inventory-table-row">
                <Table.Cell fontWeight="medium">
                  <RouterLink to={`/inventory/${encodeURIComponent(item._id)}`}>{item.name}</RouterLink>
                  {roomy ? null : <FoldedDetails item={item} />}
                </Table.Cell>
                <Table.Cell>{orDash(item.brand)}</Table.Cell>
                <Table.Cell>
                  <Flex align="center" gap="2">
                    <StockChip item={item} />
                    <DecrementButton item={item} />
                  </Flex>
                </Table.Cell>
                <Table.Cell textAlign="end">{item.defaultNeeded}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(toPence(item.lastPrice ?? 0))}</Table.Cell>
                {roomy ? <Table.Cell>{orDash(item.type)}</Table.Cell> : null}
                {roomy ? <Table.Cell>{orDash(item.size)}</Table.Cell> : null}
                <Table.Cell>
                  {chip ? (
                    <Flex gap="1" wrap="wrap">
                      <Badge variant="outline" whiteSpace="nowrap" colorPalette={tag === 'Expired' ? 'red' : 'gray'}>
                        {chip}
                      </Badge>
                      {tag ? (
                        <Badge colorPalette={tag === 'Expired' ? 'red' : 'orange'} whiteSpace="nowrap">
                          {tag}
                        </Badge>
                      ) : null}
                    </Flex>
                  ) : (
                    '-'
                  )}
                </Table.Cell>
                {roomy ? <Table.Cell>{orDash(item.locationInHouse)}</Table.Cell> : null}
                <Table.Cell textAlign="end">{formatMoney(stockValuePence(item))}</Table.Cell>
                <Table.Cell>{orDash(item.preferredStore)}</Table.Cell>
                <Table.Cell textAlign="end" fontWeight="medium">
                  {formatMoney(totalValuePence(item))}
                </Table.Cell>
                <Table.Cell>
                  <Flex gap="1">
                    <WriteIconButton
                      aria-label={`Edit ${item.name}`}
                      title={offline ?? 'Edit'}
                      disabled={!online}
                      size="sm"
                      variant="ghost"
                      onClick={() => onEdit(item)}
                    >
                      <Pencil />
                    </WriteIconButton>
                    <WriteIconButton
                      aria-label={`Add ${item.name} to Shopping List`}
                      title={offline ?? 'Add to Shopping List'}
                      disabled={!online}
                      size="sm"
                      variant="ghost"
                      loading={adding === item._id}
                      onClick={() => onAddToList(item)}
                    >
                      <ShoppingCart />
                    </WriteIconButton>
                    <WriteIconButton
                      aria-label={`Delete ${item.name}`}
                      title={offline ?? 'Delete'}
                      disabled={!online}
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => onDelete(item)}
                    >
                      <Trash2 />
                    </WriteIconButton>
                  </Flex>
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** Type, size and location under an item's name when their columns are folded ('Fresh · 2 pints · Fridge'). */
function FoldedDetails({ item }: { item: InventoryItem }) {
  const details = [item.type, item.size, item.locationInHouse].filter((d): d is string => Boolean(d?.trim()))
  if (details.length === 0) return null
  return (
    <Text fontSize="xs" fontWeight="normal" color="fg.muted" data-testid="item-folded-details">
      {details.join(' · ')}
    </Text>
  )
}
