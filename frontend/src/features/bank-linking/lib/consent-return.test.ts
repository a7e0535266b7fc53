import { describe, expect, it } from 'vitest'
import { consentReturn, withoutConsentReturn } from './consent-return'

describe("Enable Banking's return in the address", () => {
  it.each([
    ['?linked=item-9', { outcome: 'linked', itemId: 'item-9', skipped: 0 }],
    ['?linked=item-9&skipped=2', { outcome: 'linked', itemId: 'item-9', skipped: 2 }],
    // A count that is not a whole positive number says nothing.
    ['?linked=item-9&skipped=-1', { outcome: 'linked', itemId: 'item-9', skipped: 0 }],
    ['?linked=item-9&skipped=two', { outcome: 'linked', itemId: 'item-9', skipped: 0 }],
    ['?bankError=denied', { outcome: 'failed', message: 'The bank connection was cancelled at your bank. Nothing was linked.' }],
    ['?bankError=expired', { outcome: 'failed', message: 'That bank link has expired or was already used. Please connect again.' }],
    ['?bankError=failed', { outcome: 'failed', message: 'Bank connection failed. Please try again.' }],
    ['?bankError=', { outcome: 'failed', message: 'Bank connection failed. Please try again.' }],
    ['?bankError=constructor', { outcome: 'failed', message: 'Bank connection failed. Please try again.' }],
    ['?linked=', null],
    ['?tab=banks', null],
    ['', null],
  ])('%j is %j', (search, outcome) => {
    expect(consentReturn(search)).toEqual(outcome)
  })

  it.each([
    ['?linked=item-9&skipped=2', ''],
    ['?bankError=denied&tab=banks', '?tab=banks'],
    ['?tab=banks&linked=item-9', '?tab=banks'],
    ['', ''],
  ])('%j leaves %j', (search, rest) => {
    expect(withoutConsentReturn(search)).toBe(rest)
  })
})
