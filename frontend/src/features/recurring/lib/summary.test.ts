import { describe, expect, it } from 'vitest'
import { emptyMonthSummary, monthName, summaryFigures } from './summary'
import { makeMonthSummary, makeSummaryItem } from './test-fixtures'

describe('summaryFigures', () => {
  it('recomputes paid, left and total from the absolute item amounts, not the server totals', () => {
    const summary = makeMonthSummary({
      // Server totals that disagree with the items: ignored.
      summary: { totalAmount: -1, paidAmount: -1, remainingAmount: 99, totalCount: 9, paidCount: 9, upcomingCount: 9 },
      paidItems: [
        makeSummaryItem({ id: 'salary', amount: 2500, type: 'income' }),
        makeSummaryItem({ id: 'netflix', amount: -12.99 }),
      ],
      upcomingItems: [
        makeSummaryItem({ id: 'rent', amount: -950 }),
        makeSummaryItem({ id: 'savings', amount: 200, type: 'transfer', category: null }),
        makeSummaryItem({ id: 'gym', amount: -0.1 }),
      ],
    })
    expect(summaryFigures(summary)).toEqual({
      paidPence: 251299,
      remainingPence: 115010,
      totalPence: 366309,
      count: 5,
      paidCount: 2,
      upcomingCount: 3,
    })
  })

  it('is zero for an empty month', () => {
    expect(summaryFigures(makeMonthSummary())).toEqual({
      paidPence: 0,
      remainingPence: 0,
      totalPence: 0,
      count: 0,
      paidCount: 0,
      upcomingCount: 0,
    })
  })
})

describe('emptyMonthSummary', () => {
  it("covers today's month with nothing in it", () => {
    expect(emptyMonthSummary('2028-02-10')).toEqual(
      makeMonthSummary({ month: { start: '2028-02-01', end: '2028-02-29', name: 'February 2028' } }),
    )
  })

  it('names the month', () => {
    expect(monthName('2026-12-31')).toBe('December 2026')
    expect(monthName('nope')).toBe('')
  })
})
