import type { User } from '@/lib/api/types'

/** May link a bank: a superadmin always, anyone else when an administrator allowed it (spec). */
export function mayConnectBank(user: Pick<User, 'role' | 'canConnectBank'> | null | undefined): boolean {
  return user?.role === 'superadmin' || user?.canConnectBank === true
}
