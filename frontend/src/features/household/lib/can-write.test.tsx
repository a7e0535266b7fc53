import { QueryClientProvider, useMutation } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { createQueryClient } from '@/lib/query-client'
import { alice, jane, READ_ONLY, serveHousehold } from '@/test/household-handlers'
import { apiUrl, server } from '@/test/server'
import type { Household } from '../api/household'
import { canWriteIn, useHouseholdAccess } from './can-write'

const household = (...members: Household['members']): Household => ({ _id: 'h-1', name: 'Home', members })

function wrapper() {
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false } })
  return {
    queryClient,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  }
}

describe('canWriteIn', () => {
  it.each([
    ['the owner', household(alice('owner')), true],
    ['a member', household(jane(), alice('member')), true],
    ['a viewer', household(jane(), alice('viewer')), false],
    ['someone not listed (the household not yet re-read after joining)', household(jane()), true],
    ['anyone while the household is unknown', undefined, true],
  ] as const)('lets %s write: %s', (_who, h, expected) => {
    expect(canWriteIn(h, 'u1')).toBe(expected)
  })

  it('allows while the signed-in user is unknown', () => {
    expect(canWriteIn(household(alice('viewer')), undefined)).toBe(true)
  })
})

describe('useHouseholdAccess', () => {
  it('is unknown until the household loads, then gives write access and every member', async () => {
    serveHousehold(jane(), alice('viewer'))
    const { result } = renderHook(() => useHouseholdAccess('u1'), wrapper())
    expect(result.current).toBeUndefined()
    await waitFor(() => expect(result.current).toEqual({ canWrite: false, members: [jane(), alice('viewer')] }))
  })

  it('reads the household again when a write is refused as read_only (made a viewer meanwhile)', async () => {
    let role: 'member' | 'viewer' = 'member'
    server.use(
      http.get(apiUrl('/household'), () =>
        HttpResponse.json({ success: true, data: household(jane(), alice(role)) }),
      ),
    )
    const { wrapper: Wrapper } = wrapper()
    const { result } = renderHook(
      () => ({
        access: useHouseholdAccess('u1'),
        write: useMutation({
          mutationFn: () => Promise.reject(new ApiError(403, READ_ONLY, undefined, 'read_only')),
        }),
      }),
      { wrapper: Wrapper },
    )
    await waitFor(() => expect(result.current.access?.canWrite).toBe(true))
    role = 'viewer'
    act(() => result.current.write.mutate())
    await waitFor(() => expect(result.current.access?.canWrite).toBe(false))
  })
})
