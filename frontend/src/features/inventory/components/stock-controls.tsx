import { Badge } from '@chakra-ui/react'
import { Minus } from 'lucide-react'
import { WriteIconButton } from '@/components/write-access'
import { isSendingUse, useQueueChange, useQueueState } from '../api/offline-sync'
import type { InventoryItem } from '../api/types'
import { stockLabel, stockMeaning, stockPalette } from '../lib/stock'

/** 'N unit in stock' in the stock status colour (green, orange or red). */
export function StockChip({ item }: { item: InventoryItem }) {
  return (
    <Badge
      colorPalette={stockPalette(item.stockStatus)}
      variant="subtle"
      title={stockMeaning(item.stockStatus)}
      whiteSpace="nowrap"
      data-testid="stock-chip"
      data-palette={stockPalette(item.stockStatus)}
    >
      {stockLabel(item)}
    </Badge>
  )
}

/**
 * Uses one of the item: shown at once and sent through the offline queue (with or without a
 * connection). Disabled at stock 0 and while its own request is on its way.
 */
export function DecrementButton({ item }: { item: InventoryItem }) {
  const queueChange = useQueueChange()
  const sending = isSendingUse(useQueueState(), item._id)
  return (
    <WriteIconButton
      aria-label={`Use one ${item.name}`}
      title={`Use one ${item.name}`}
      size={{ base: 'md', md: 'sm' }}
      minW={{ base: '11', md: undefined }}
      h={{ base: '11', md: undefined }}
      variant="outline"
      disabled={item.currentStock <= 0 || sending}
      onClick={() => void queueChange({ kind: 'decrement', itemId: item._id }, item.name)}
    >
      <Minus />
    </WriteIconButton>
  )
}
