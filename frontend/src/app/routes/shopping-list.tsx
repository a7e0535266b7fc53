import { ShoppingListPage } from '@/features/inventory/components/shopping-list-page'

export function ShoppingListRoute() {
  return <ShoppingListPage />
}
