import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { importKeys } from './keys'
import type { PastImport } from './types'

export const IMPORTS_FALLBACK_ERROR = 'Failed to fetch past imports'

/** GET /imports: committed imports, newest first. */
export async function getImports(): Promise<PastImport[]> {
  const res = await client.GET('/api/imports')
  return res.data
}

export function importsQueryOptions() {
  return queryOptions({ queryKey: importKeys.list(), queryFn: getImports })
}

export function useImports() {
  return useQuery(importsQueryOptions())
}
