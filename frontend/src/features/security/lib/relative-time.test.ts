import { describe, expect, it } from 'vitest'
import { timeAgo } from './relative-time'

const NOW = new Date('2026-11-29T12:00:00Z')
const before = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString()

describe('timeAgo', () => {
  it.each([
    ['under a minute', before(59), 'just now'],
    ['a clock slightly ahead', before(-20), 'just now'],
    ['one minute', before(60), '1 minute ago'],
    ['minutes, rounded down', before(5 * 60 + 59), '5 minutes ago'],
    ['one hour', before(3600), '1 hour ago'],
    ['a day', before(24 * 3600), 'yesterday'],
    ['days', before(3 * 24 * 3600), '3 days ago'],
    ['weeks', before(15 * 24 * 3600), '2 weeks ago'],
    ['months', before(65 * 24 * 3600), '2 months ago'],
    ['a year', before(400 * 24 * 3600), 'last year'],
    ['not a date', 'soon', ''],
  ])('%s', (_case, iso, expected) => {
    expect(timeAgo(iso, NOW)).toBe(expected)
  })
})
