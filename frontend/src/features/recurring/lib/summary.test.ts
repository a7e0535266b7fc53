import { describe, expect, it } from 'vitest'
import { emptyMonthSummary, monthName, paidAndReceived, receivedText, summaryFigures } from './summary'
import { makeMonthSummary, makeSummaryItem } from './test-fixtures'

describe('summaryFigures', () => {
  const salary = makeSummaryItem({ id: 'salary', amount: 2500, type: 'income' })
  const netflix = makeSummaryItem({ id: 'netflix', amount: -12.99 })
  const rent = makeSummaryItem({ id: 'rent', amount: -950 })
  const savings = makeSummaryItem({ id: 'savings', amount: 200, type: 'transfer', category: null })
  const gym = makeSummaryItem({ id: 'gym', amount: -0.1 })

  it('counts only money going out as paid, left and total; income made is received', () => {
    const summary = makeMonthSummary({
      // Server totals that disagree with the items: ignored.
      summary: { totalAmount: -1, paidAmount: -1, remainingAmount: 99, totalCount: 9, paidCount: 9, upcomingCount: 9 },
      paidItems: [salary, netflix],
      upcomingItems: [rent, savings, gym],
    })
    expect(summaryFigures(summary)).toEqual({
      paidPence: 1299,
      remainingPence: 115010,
      totalPence: 116309,
      receivedPence: 250000,
      hasIncome: true,
      count: 5,
      paidCount: 2,
      upcomingCount: 3,
    })
    expect(paidAndReceived(summary)).toEqual({ paid: [netflix], received: [salary] })
  })

  it('leaves income still to come out of Left, and shows Received (nothing yet) because it is due', () => {
    const figures = summaryFigures(makeMonthSummary({ paidItems: [netflix], upcomingItems: [salary, rent] }))
    expect(figures).toMatchObject({ paidPence: 1299, remainingPence: 95000, totalPence: 96299, receivedPence: 0, hasIncome: true })
  })

  it('has no Received figure in a month without income', () => {
    expect(summaryFigures(makeMonthSummary({ paidItems: [netflix], upcomingItems: [savings] })).hasIncome).toBe(false)
  })

  it('is zero for an empty month', () => {
    expect(summaryFigures(makeMonthSummary())).toEqual({
      paidPence: 0,
      remainingPence: 0,
      totalPence: 0,
      receivedPence: 0,
      hasIncome: false,
      count: 0,
      paidCount: 0,
      upcomingCount: 0,
    })
  })
})

describe('receivedText', () => {
  it("says income was received, not paid, and leaves any other text as it is", () => {
    expect(receivedText('Paid 1 Jul')).toBe('Received 1 Jul')
    expect(receivedText('Due today')).toBe('Due today')
    expect(receivedText('Paidout 1 Jul')).toBe('Paidout 1 Jul')
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
