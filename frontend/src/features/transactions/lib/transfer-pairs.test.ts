import { describe, expect, it } from 'vitest'
import type { TransferSuggestion } from '../api/get-transfer-suggestions'
import { pairsOf, pairText } from './transfer-pairs'

const row = (id: string, name: string, amount: number, date: string) => ({
  _id: id,
  accountId: { _id: `acc-${name}`, name, type: 'current' as const },
  amount,
  date,
  description: id,
})
const cardPayment: TransferSuggestion = {
  out: row('out-1', 'Everyday Current', -1350, '2026-11-20'),
  in: row('in-1', 'Rewards Credit Card', 1350, '2026-11-22'),
}
const other: TransferSuggestion = {
  out: row('out-2', 'Everyday Current', -20, '2026-11-01'),
  in: row('in-1', 'Rewards Credit Card', 20, '2026-11-02'),
}

describe('transfer pairs', () => {
  it('say the amount, both accounts and both days', () => {
    expect(pairText(cardPayment)).toBe(
      '£1,350.00 from Everyday Current (20/11/2026) to Rewards Credit Card (22/11/2026)',
    )
  })

  it("are found by either row's id", () => {
    expect(pairsOf([cardPayment, other], 'in-1')).toEqual([cardPayment, other])
    expect(pairsOf([cardPayment, other], 'out-2')).toEqual([other])
    expect(pairsOf([cardPayment, other], 'nobody')).toEqual([])
  })
})
