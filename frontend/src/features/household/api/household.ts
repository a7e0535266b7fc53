import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'
import { householdKeys } from './keys'

export type Household = components['schemas']['HouseholdDto']
export type HouseholdMember = components['schemas']['MemberDto']
export type MemberRole = HouseholdMember['role']

export const HOUSEHOLD_FALLBACK_ERROR = 'Failed to load your household'
export const RENAME_FALLBACK_ERROR = 'Failed to rename your household'

/** GET /household: the household the signed-in user is in, with its members (the owner first). */
export async function getHousehold(): Promise<Household> {
  const res = await client.GET('/api/household')
  return res.data
}

export function householdQueryOptions() {
  return queryOptions({ queryKey: householdKeys.current(), queryFn: getHousehold })
}

export function useHousehold() {
  return useQuery(householdQueryOptions())
}

/** PUT /household {name}: the owner renames it; the answer is the household. */
export async function renameHousehold(name: string): Promise<Household> {
  const res = await client.PUT('/api/household', { body: { name } })
  return res.data
}

export function useRenameHousehold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameHousehold,
    onSuccess: (household) => queryClient.setQueryData(householdKeys.current(), household),
  })
}
