import { InventoryPage } from '@/features/inventory/components/inventory-page'

export function InventoryRoute() {
  return <InventoryPage />
}
