import { describe, expect, it } from 'vitest'
import { currentTaxYear, readReportView, taxYearLabel, taxYears } from './tax-year'

describe('tax years', () => {
  it.each([
    ['2026-04-05T12:00:00Z', 2025],
    ['2026-04-06T12:00:00Z', 2026],
    // 23:30 UTC on 5 April is already 6 April in London (British Summer Time).
    ['2026-04-05T23:30:00Z', 2026],
    ['2026-12-31T12:00:00Z', 2026],
    ['2024-02-29T12:00:00Z', 2023],
  ])('on %s the tax year started in %i', (instant, year) => {
    expect(currentTaxYear(new Date(instant))).toBe(year)
  })

  it('labels a year as HMRC does and offers this one and the five before', () => {
    expect(taxYearLabel(2025)).toBe('2025/26')
    expect(taxYearLabel(2099)).toBe('2099/00')
    expect(taxYears(2026)).toEqual([2026, 2025, 2024, 2023, 2022, 2021])
  })

  it('opens on the view in the address, else the profile’s', () => {
    expect(readReportView(new URLSearchParams('view=tax'), 'calendar')).toBe('tax')
    expect(readReportView(new URLSearchParams('view=calendar'), 'tax')).toBe('calendar')
    expect(readReportView(new URLSearchParams(''), 'tax')).toBe('tax')
    expect(readReportView(new URLSearchParams('view=odd'), undefined)).toBe('calendar')
  })
})
