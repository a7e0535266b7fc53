import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { ruleKeys } from './keys'
import type { Rule } from './types'

export const RULES_FALLBACK_ERROR = 'Failed to fetch rules'

/** GET /rules: the user's rules in the order they apply. */
export async function getRules(): Promise<Rule[]> {
  const res = await client.GET('/api/rules')
  return res.data
}

export function rulesQueryOptions() {
  return queryOptions({ queryKey: ruleKeys.list(), queryFn: getRules })
}

export function useRules() {
  return useQuery(rulesQueryOptions())
}
