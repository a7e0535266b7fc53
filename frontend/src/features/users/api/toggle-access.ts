import { useMutation, useQueryClient } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { userKeys } from './keys'
import type { ManagedUser, ToggleAccessResponse } from './types'

/** The two per-user permissions the superadmin grants and revokes. */
export type AccessKind = 'bank' | 'finalise'

/** The user field each permission lives in. */
export const ACCESS_FIELD = {
  bank: 'canConnectBank',
  finalise: 'canFinalizeMonth',
} as const satisfies Record<AccessKind, keyof ManagedUser>

/** The spec names no message for these; ours follow its 'Failed to toggle user status'. */
export const TOGGLE_ACCESS_FALLBACK_ERROR: Record<AccessKind, string> = {
  bank: 'Failed to toggle bank access',
  finalise: 'Failed to toggle finalise access',
}

/** PUT /auth/toggle-bank-access/{id} or /auth/toggle-finalize-access/{id}: the user after the change. */
export function toggleAccess(kind: AccessKind, id: string): Promise<ToggleAccessResponse> {
  const params = { path: { id } }
  return kind === 'bank'
    ? client.PUT('/api/auth/toggle-bank-access/{id}', { params })
    : client.PUT('/api/auth/toggle-finalize-access/{id}', { params })
}

type Snapshot = { previous: ManagedUser[] | undefined }

/**
 * Optimistic: the cached list flips the flag before the server answers. The
 * answer sets just that flag (another toggle of the same user may be on its
 * way); a failure puts the list back as it was and reloads it.
 */
export function useToggleAccess(kind: AccessKind) {
  const queryClient = useQueryClient()
  const field = ACCESS_FIELD[kind]
  const setUser = (id: string, value: (u: ManagedUser) => boolean) =>
    queryClient.setQueryData<ManagedUser[]>(userKeys.list(), (users) =>
      users?.map((u) => (u._id === id ? { ...u, [field]: value(u) } : u)),
    )

  return useMutation<ToggleAccessResponse, Error, string, Snapshot>({
    mutationFn: (id) => toggleAccess(kind, id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: userKeys.list() })
      const previous = queryClient.getQueryData<ManagedUser[]>(userKeys.list())
      setUser(id, (u) => !u[field])
      return { previous }
    },
    onSuccess: ({ data }) => {
      setUser(data._id, () => data[field])
      return queryClient.invalidateQueries({ queryKey: userKeys.audit(data._id) })
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(userKeys.list(), context.previous)
      return queryClient.invalidateQueries({ queryKey: userKeys.list() })
    },
  })
}
