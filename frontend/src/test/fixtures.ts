import type { User } from '@/lib/api/types'

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Alice Smith',
    email: 'alice@example.com',
    role: 'user',
    isActive: true,
    isVerified: true,
    canConnectBank: false,
    canFinalizeMonth: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  }
}
