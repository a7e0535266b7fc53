import { useParams } from 'react-router'
import { ItemDetailPage } from '@/features/inventory/components/item-detail-page'

export function InventoryItemRoute() {
  const { id = '' } = useParams()
  // A new id is a new page: its dialogs and notices start afresh.
  return <ItemDetailPage key={id} id={id} />
}
