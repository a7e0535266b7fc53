import { describe, expect, it } from 'vitest'
import { addDays } from '@/lib/calendar-day'
import { daysUntil, dueStatus, isDue, isDueSoon } from './due-status'

const today = '2026-11-23'

describe('dueStatus (spec doc 2 §4, at each boundary)', () => {
  it.each([
    [-30, '30 days overdue', 'error'],
    [-2, '2 days overdue', 'error'],
    [-1, '1 day overdue', 'error'],
    [0, 'Due today', 'warning'],
    [1, 'Due tomorrow', 'warning'],
    [2, 'Due in 2 days', 'warning'],
    [3, 'Due in 3 days', 'warning'],
    [4, 'Due in 4 days', 'info'],
    [7, 'Due in 7 days', 'info'],
    [8, 'Due in 8 days', 'success'],
    [40, 'Due in 40 days', 'success'],
  ] as const)('%i days from today → %s (%s)', (offset, text, tone) => {
    expect(dueStatus(addDays(today, offset), today)).toEqual({ days: offset, text, tone })
  })

  it('counts calendar days across the clock change and the year end', () => {
    // British Summer Time ends on 25 October 2026: still one day apart.
    expect(daysUntil('2026-10-26', '2026-10-25')).toBe(1)
    expect(daysUntil('2027-01-02', '2026-12-30')).toBe(3)
    expect(dueStatus('2026-03-29', '2026-03-28').text).toBe('Due tomorrow')
  })
})

describe('isDue and isDueSoon', () => {
  it.each([
    [-3, true, false],
    [0, true, false],
    [1, false, true],
    [7, false, true],
    [8, false, false],
  ])('%i days from today: due %s, due soon %s', (offset, due, soon) => {
    const day = addDays(today, offset)
    expect(isDue(day, today)).toBe(due)
    expect(isDueSoon(day, today)).toBe(soon)
  })

  it('takes another due-soon window', () => {
    expect(isDueSoon(addDays(today, 10), today, 14)).toBe(true)
    expect(isDueSoon(addDays(today, 3), today, 2)).toBe(false)
  })
})
