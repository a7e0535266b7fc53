import { useQuery } from '@tanstack/react-query'
import type { Category } from '@/lib/api/types'
import { categoriesForType } from '@/lib/ledger/category-kind'
import { CATEGORIES_FALLBACK_ERROR, categoriesQueryOptions } from '@/lib/ledger/get-categories'

export const TRIP_CATEGORIES_FALLBACK_ERROR = CATEGORIES_FALLBACK_ERROR

/** The categories a trip's expense may take: the spending ones. */
export function expenseCategories(categories: readonly Category[]): Category[] {
  return categoriesForType('expense', categories)
}

/** GET /categories, read through the shared ledger cache, expense categories only. */
export function useTripCategories() {
  return useQuery({ ...categoriesQueryOptions(), select: expenseCategories })
}
