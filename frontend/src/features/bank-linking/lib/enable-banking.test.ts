import { describe, expect, it } from 'vitest'
import type { Aspsp } from '../api/types'
import { consentExplanation, consentLengthLabel, filterBanks } from './bank-search'
import { consentUntil, renewalDueMessage, renewalsDue, skippedAccountLine } from './enable-banking'
import { makeConnection } from './test-fixtures'

const bank = (name: string): Aspsp => ({ name, country: 'GB', logo: null, maxConsentDays: 90 })
const banks = ['Monzo', 'Nationwide', 'Starling Bank', 'Crédit Agricole', 'Bank of Scotland'].map(bank)
const names = (list: Aspsp[]) => list.map((b) => b.name)

describe('filterBanks', () => {
  it.each<[string, string[]]>([
    ['', ['Monzo', 'Nationwide', 'Starling Bank', 'Crédit Agricole', 'Bank of Scotland']],
    ['   ', ['Monzo', 'Nationwide', 'Starling Bank', 'Crédit Agricole', 'Bank of Scotland']],
    ['MON', ['Monzo']],
    ['bank', ['Starling Bank', 'Bank of Scotland']],
    // Every word, in any order.
    ['scotland bank', ['Bank of Scotland']],
    // Accents are not needed to find a bank, nor a problem when typed.
    ['credit', ['Crédit Agricole']],
    ['crédit', ['Crédit Agricole']],
    ['xyz', []],
  ])('%j finds %j', (search, expected) => {
    expect(names(filterBanks(banks, search))).toEqual(expected)
  })
})

describe('consent words', () => {
  it.each([
    [1, 'Access for 1 day'],
    [90, 'Access for 90 days'],
    [180, 'Access for 180 days'],
  ])('%i days → %s', (days, label) => {
    expect(consentLengthLabel(days)).toBe(label)
  })

  it('explains the way through Enable Banking and the bank', () => {
    expect(consentExplanation('Monzo')).toBe(
      "You'll go to Enable Banking, then to Monzo to approve. Some banks ask you to approve in their app on your phone: open it when asked, then come back here.",
    )
  })

  it("gives a connection's consent end as dd/MM/yyyy, and nothing without one", () => {
    const eb = makeConnection({ provider: 'enablebanking', institutionName: 'Monzo', consentExpiresAt: '2026-10-02T12:00:00Z' })
    expect(consentUntil(eb)).toBe('Consent until 02/10/2026')
    expect(renewalDueMessage(eb)).toBe('Your consent with Monzo ends on 02/10/2026. Reconnect to keep it syncing.')
    expect(consentUntil(makeConnection())).toBeNull()
    expect(renewalDueMessage({ ...eb, consentExpiresAt: null })).toBe(
      'Your consent with Monzo ends soon. Reconnect to keep it syncing.',
    )
  })

  it('finds the working connections whose consent is ending (an expired one needs signing in instead)', () => {
    const due = makeConnection({ itemId: 'a', renewalDue: true })
    const expiredAndDue = makeConnection({ itemId: 'b', renewalDue: true, isActive: false })
    const fine = makeConnection({ itemId: 'c' })
    expect(renewalsDue([due, expiredAndDue, fine])).toEqual([due])
    expect(renewalsDue(undefined)).toEqual([])
  })

  it('names an account the consent left out, with why', () => {
    expect(skippedAccountLine({ name: 'Euro Saver', reason: 'It is in EUR: MySpending keeps pounds sterling (GBP) only' })).toBe(
      'Euro Saver was not linked. It is in EUR: MySpending keeps pounds sterling (GBP) only.',
    )
    expect(skippedAccountLine({ name: 'Old ISA', reason: 'No data shared.' })).toBe('Old ISA was not linked. No data shared.')
    expect(skippedAccountLine({ name: 'Old ISA', reason: ' ' })).toBe('Old ISA was not linked.')
  })
})
