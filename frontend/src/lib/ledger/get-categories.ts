import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { Category } from '@/lib/api/types'
import { categoryKeys } from './keys'

export const CATEGORIES_FALLBACK_ERROR = 'Failed to fetch categories'

/** GET /categories: default categories first, each with its transaction count. */
export async function getCategories(): Promise<Category[]> {
  const res = await client.GET('/api/categories')
  return res.data
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: categoryKeys.list(), queryFn: getCategories })
}

/** Read by the categories screen and by the transaction form and filters. */
export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
