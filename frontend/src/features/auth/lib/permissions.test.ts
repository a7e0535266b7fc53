import { describe, expect, it } from 'vitest'
import { makeUser } from '@/test/fixtures'
import { mayConnectBank } from './permissions'

describe('mayConnectBank', () => {
  it('is true for a superadmin and for a user an administrator allowed, false otherwise', () => {
    expect(mayConnectBank(makeUser({ role: 'superadmin', canConnectBank: false }))).toBe(true)
    expect(mayConnectBank(makeUser({ role: 'user', canConnectBank: true }))).toBe(true)
    expect(mayConnectBank(makeUser({ role: 'user', canConnectBank: false }))).toBe(false)
    expect(mayConnectBank(null)).toBe(false)
  })
})
