import { describe, expect, it } from 'vitest'
import { budgetStatusLabel, budgetStatusPalette } from './status'

describe('budget status labels', () => {
  it.each([
    ['good', 'On Track', 'green'],
    ['warning', 'Warning', 'orange'],
    ['over_budget', 'Over Budget', 'red'],
    ['no_budget', 'No Budget', 'gray'],
    ['something_new', 'Unknown', 'gray'],
    ['', 'Unknown', 'gray'],
  ])('%s → %s (%s)', (status, label, palette) => {
    expect(budgetStatusLabel(status)).toBe(label)
    expect(budgetStatusPalette(status)).toBe(palette)
  })

  it('calls a missing status Unknown', () => {
    expect(budgetStatusLabel(undefined)).toBe('Unknown')
    expect(budgetStatusLabel(null)).toBe('Unknown')
  })
})
