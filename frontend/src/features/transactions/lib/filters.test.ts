import { describe, expect, it } from 'vitest'
import { filterTagIds, hasActiveFilters, readFilters, toggledTag, withFilters, withKnownTags, withPage, withoutFilters } from './filters'

describe('filters in the URL', () => {
  it('reads every filter and the page', () => {
    const params = new URLSearchParams(
      'search=shop&startDate=2026-11-01&endDate=2026-11-30&type=expense&category=c1&account=a1&createdBy=u1&tags=t1,t2&tagMode=all&page=3',
    )
    expect(readFilters(params)).toEqual({
      search: 'shop',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      type: 'expense',
      category: 'c1',
      account: 'a1',
      createdBy: 'u1',
      tags: 't1,t2',
      tagMode: 'all',
      page: 3,
    })
  })

  it('switches a tag on and off, and with the last tag off drops how tags combine', () => {
    const f = readFilters(new URLSearchParams('tags=t1&tagMode=all'))
    expect(filterTagIds(f)).toEqual(['t1'])
    expect(toggledTag(f, 't2')).toEqual({ tags: 't1,t2' })
    expect(toggledTag(f, 't1')).toEqual({ tags: '', tagMode: '' })
    expect(hasActiveFilters(readFilters(new URLSearchParams('tagMode=all')))).toBe(false)
    expect(hasActiveFilters(f)).toBe(true)
    expect(readFilters(new URLSearchParams('tagMode=some')).tagMode).toBe('')
  })

  it('leaves out tags the household no longer has once its tags are known', () => {
    const f = readFilters(new URLSearchParams('tags=t1,gone&tagMode=all'))
    expect(withKnownTags(f, undefined)).toBe(f)
    expect(withKnownTags(f, [{ _id: 't1' }])).toMatchObject({ tags: 't1', tagMode: 'all' })
    expect(withKnownTags(f, [])).toMatchObject({ tags: '', tagMode: '' })
  })

  it('ignores a bad type or page', () => {
    const f = readFilters(new URLSearchParams('type=transfer&page=-2'))
    expect(f.type).toBe('')
    expect(f.page).toBe(1)
    expect(readFilters(new URLSearchParams('page=abc')).page).toBe(1)
  })

  it('knows when a filter is set', () => {
    expect(hasActiveFilters(readFilters(new URLSearchParams('page=2')))).toBe(false)
    expect(hasActiveFilters(readFilters(new URLSearchParams('type=income')))).toBe(true)
    expect(hasActiveFilters(readFilters(new URLSearchParams('createdBy=u1')))).toBe(true)
  })

  it('goes back to page 1 when a filter changes and drops empty values', () => {
    const next = withFilters(new URLSearchParams('type=income&page=4&other=keep'), {
      type: '',
      search: 'tea',
    })
    expect(next.toString()).toBe('other=keep&search=tea')
  })

  it('sets the page and clears all filters', () => {
    expect(withPage(new URLSearchParams('type=income'), 2).toString()).toBe('type=income&page=2')
    expect(withPage(new URLSearchParams('page=2'), 1).toString()).toBe('')
    expect(withoutFilters(new URLSearchParams('type=income&search=x&createdBy=u1&page=2&other=keep')).toString()).toBe(
      'other=keep',
    )
  })
})
