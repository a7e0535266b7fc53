import { describe, expect, it } from 'vitest'
import { makeTransaction } from '@/test/fixtures'
import { dayLabel, groupByDay } from './day-groups'

// Monday 16 November 2026, 10:00 in London (GMT).
const now = new Date('2026-11-16T10:00:00Z')

describe('dayLabel', () => {
  it.each([
    ['2026-11-16', 'Today'],
    ['2026-11-15', 'Yesterday'],
    ['2026-11-14', 'Saturday, 14 November'],
    ['2026-11-09', 'Monday, 9 November'],
    ['2026-01-01', 'Thursday, 1 January'],
    ['2025-12-31', 'Wednesday, 31 December 2025'],
  ])('%s → %s', (day, label) => {
    expect(dayLabel(day, now)).toBe(label)
  })

  it("counts 'today' in London, not in UTC", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
    const lateEvening = new Date('2026-06-30T23:30:00Z')
    expect(dayLabel('2026-07-01', lateEvening)).toBe('Today')
    expect(dayLabel('2026-06-30', lateEvening)).toBe('Yesterday')
    expect(dayLabel('2026-06-29', lateEvening)).toBe('Monday, 29 June')
  })

  it('handles yesterday across a month and a year', () => {
    expect(dayLabel('2026-02-28', new Date('2026-03-01T12:00:00Z'))).toBe('Yesterday')
    expect(dayLabel('2025-12-31', new Date('2026-01-01T12:00:00Z'))).toBe('Yesterday')
  })
})

describe('groupByDay', () => {
  it('keeps the order and sums each day in pence, leaving declined ones out', () => {
    const groups = groupByDay(
      [
        makeTransaction({ _id: 'a', date: '2026-11-16', amount: 0.1 }),
        makeTransaction({ _id: 'b', date: '2026-11-16', amount: 0.2 }),
        makeTransaction({ _id: 'c', date: '2026-11-15', amount: -12.4 }),
        makeTransaction({ _id: 'd', date: '2026-11-15', amount: -9.99, status: 'declined' }),
        makeTransaction({ _id: 'e', date: '2026-11-14', amount: 2500 }),
      ],
      now,
    )
    expect(groups.map((g) => [g.label, g.totalPence, g.transactions.map((t) => t._id)])).toEqual([
      ['Today', 30, ['a', 'b']],
      ['Yesterday', -1240, ['c', 'd']],
      ['Saturday, 14 November', 250000, ['e']],
    ])
  })

  it('gives nothing for no transactions', () => {
    expect(groupByDay([], now)).toEqual([])
  })
})
