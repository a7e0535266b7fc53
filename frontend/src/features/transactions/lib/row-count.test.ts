import { describe, expect, it } from 'vitest'
import { rowCountCaption } from './row-count'

describe('rowCountCaption', () => {
  it.each([
    [{ transactionCount: 24, transferLegCount: 0, declinedCount: 0 }, null],
    [{ transactionCount: 24, transferLegCount: 2, declinedCount: 0 }, '26 rows incl. 2 transfer legs'],
    [{ transactionCount: 24, transferLegCount: 0, declinedCount: 1 }, '25 rows incl. 1 declined'],
    [{ transactionCount: 23, transferLegCount: 2, declinedCount: 1 }, '26 rows incl. 2 transfer legs and 1 declined'],
    [{ transactionCount: 0, transferLegCount: 1, declinedCount: 0 }, '1 row incl. 1 transfer leg'],
  ])('%j → %s', (counts, caption) => {
    expect(rowCountCaption(counts)).toBe(caption)
  })
})
