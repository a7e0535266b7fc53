import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import type { components } from '@/lib/api/schema'

export type Readiness = components['schemas']['ReadinessResponse']
export type Health = components['schemas']['HealthResponse']

/** Query keys of the public pages. */
export const landingKeys = {
  all: ['landing'] as const,
  ready: () => [...landingKeys.all, 'ready'] as const,
  health: () => [...landingKeys.all, 'health'] as const,
}

/** How often the status page asks again while it is open. */
const EVERY_MS = 30_000
/** Asked quickly: a server that does not answer within this is down as far as a visitor can tell. */
const TIMEOUT_MS = 10_000

/** GET /ready: each check the server makes before it says it can serve (a 503 when one fails). */
export function getReadiness(): Promise<Readiness> {
  return client.GET('/api/ready', { timeoutMs: TIMEOUT_MS, redirectOnUnauthorized: false })
}

/** GET /health: whether the server and its database answer. */
export function getHealth(): Promise<Health> {
  return client.GET('/api/health', { timeoutMs: TIMEOUT_MS, redirectOnUnauthorized: false })
}

export function readinessQueryOptions() {
  return queryOptions({ queryKey: landingKeys.ready(), queryFn: getReadiness, refetchInterval: EVERY_MS, retry: false })
}

export function healthQueryOptions() {
  return queryOptions({ queryKey: landingKeys.health(), queryFn: getHealth, refetchInterval: EVERY_MS, retry: false })
}

export function useReadiness() {
  return useQuery(readinessQueryOptions())
}

export function useHealth() {
  return useQuery(healthQueryOptions())
}
