import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { authKeys } from './keys'

/** GET /auth/can-connect-bank. */
export async function getCanConnectBank(): Promise<boolean> {
  const res = await client.GET('/api/auth/can-connect-bank')
  return res.canConnectBank
}

export function canConnectBankQueryOptions() {
  return queryOptions({
    queryKey: authKeys.canConnectBank(),
    queryFn: getCanConnectBank,
  })
}

export function useCanConnectBank(options: { enabled?: boolean } = {}) {
  return useQuery({ ...canConnectBankQueryOptions(), enabled: options.enabled ?? true })
}
