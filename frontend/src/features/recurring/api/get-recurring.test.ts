import { describe, expect, it } from 'vitest'
import { makeTemplate } from '../lib/test-fixtures'
import { hasDueTemplate } from './get-recurring'

describe('hasDueTemplate', () => {
  const today = '2026-07-15'

  it.each([
    ['due today', '2026-07-15', true, true],
    ['overdue', '2026-07-01', true, true],
    ['due tomorrow', '2026-07-16', true, false],
    ['due today but paused', '2026-07-15', false, false],
  ])('%s → %s', (_name, nextDue, isActive, expected) => {
    expect(hasDueTemplate([makeTemplate({ nextDue, isActive })], today)).toBe(expected)
  })

  it('is false with no list yet or an empty one', () => {
    expect(hasDueTemplate(undefined, today)).toBe(false)
    expect(hasDueTemplate([], today)).toBe(false)
  })
})
