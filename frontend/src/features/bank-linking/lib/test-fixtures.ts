import type { BankConnection, LinkedAccount } from '../api/types'

/** Test data for the bank-linking feature: the demo bank's two accounts. */
export function makeLinkedAccount(overrides: Partial<LinkedAccount> = {}): LinkedAccount {
  return {
    _id: 'acc-demo-current',
    name: 'Everyday Current',
    type: 'current',
    mask: '4321',
    currentBalance: 1520.4,
    bankBalance: 1520.4,
    bankAvailable: 1520.4,
    ...overrides,
  }
}

export function makeConnection(overrides: Partial<BankConnection> = {}): BankConnection {
  return {
    itemId: 'item-demo',
    institutionName: 'Demo Bank UK',
    isActive: true,
    errorCode: null,
    lastSyncedAt: '2026-07-04T13:05:00Z',
    createdAt: '2026-07-01T09:00:00Z',
    provider: 'demo',
    consentExpiresAt: null,
    renewalDue: false,
    nextSyncAt: null,
    skippedAccounts: [],
    accounts: [
      makeLinkedAccount(),
      makeLinkedAccount({
        _id: 'acc-demo-card',
        name: 'Rewards Credit Card',
        type: 'credit_card',
        mask: '8765',
        currentBalance: -239.49,
        bankBalance: -239.49,
        bankAvailable: 2760.51,
      }),
    ],
    ...overrides,
  }
}
