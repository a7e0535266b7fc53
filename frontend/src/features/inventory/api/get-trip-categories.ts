import { useQuery } from '@tanstack/react-query'
import type { Category } from '@/lib/api/types'
import { isIncomeCategoryName } from '@/lib/ledger/category-kind'
import { CATEGORIES_FALLBACK_ERROR, categoriesQueryOptions } from '@/lib/ledger/get-categories'

export const TRIP_CATEGORIES_FALLBACK_ERROR = CATEGORIES_FALLBACK_ERROR

/** The categories a trip's expense may take: every one but the income ones (salary, income). */
export function expenseCategories(categories: readonly Category[]): Category[] {
  return categories.filter((c) => !isIncomeCategoryName(c.name))
}

/** GET /categories, read through the shared ledger cache, expense categories only. */
export function useTripCategories() {
  return useQuery({ ...categoriesQueryOptions(), select: expenseCategories })
}
