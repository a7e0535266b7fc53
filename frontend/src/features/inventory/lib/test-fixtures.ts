import type { InventoryItem } from '../api/types'

/** Test data for the inventory screens: 2 of 3 bottles of milk at £1.15. */
export function makeItem(overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    _id: 'item-milk',
    name: 'Milk',
    category: 'Dairy',
    brand: 'Cravendale',
    currentStock: 2,
    defaultNeeded: 3,
    lastPrice: 1.15,
    preferredStore: 'Tesco',
    unit: 'bottle',
    expiryDate: null,
    type: 'Fresh',
    size: '2 L',
    locationInHouse: 'Fridge',
    image: '',
    createdAt: '2026-06-01T09:00:00.000Z',
    stockStatus: 'amber',
    expiryStatus: null,
    quantityToBuy: 1,
    totalValue: 3.45,
    currentStockValue: 2.3,
    ...overrides,
  }
}
