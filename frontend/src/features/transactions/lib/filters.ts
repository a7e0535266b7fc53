/**
 * The list filters as they live in the URL search params, so a reload or the
 * back button keeps them. The param names are the API's query names.
 */

export const PAGE_SIZE = 20

export type TransactionFilters = {
  search: string
  startDate: string
  endDate: string
  type: '' | 'income' | 'expense'
  category: string
  account: string
  /** A member's user id: only the rows they made ('Made by'). */
  createdBy: string
  /** Tag ids, comma-separated: only the rows carrying any (or, with tagMode 'all', all) of them. */
  tags: string
  /** '' (any of the tags) or 'all'. */
  tagMode: '' | 'all'
  page: number
}

export const FILTER_KEYS = [
  'search',
  'startDate',
  'endDate',
  'type',
  'category',
  'account',
  'createdBy',
  'tags',
  'tagMode',
] as const
export type FilterKey = (typeof FILTER_KEYS)[number]

export function readFilters(params: URLSearchParams): TransactionFilters {
  const type = params.get('type')
  const page = Number(params.get('page'))
  return {
    search: params.get('search') ?? '',
    startDate: params.get('startDate') ?? '',
    endDate: params.get('endDate') ?? '',
    type: type === 'income' || type === 'expense' ? type : '',
    category: params.get('category') ?? '',
    account: params.get('account') ?? '',
    createdBy: params.get('createdBy') ?? '',
    tags: params.get('tags') ?? '',
    tagMode: params.get('tagMode') === 'all' ? 'all' : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** True when any filter (not the page) is set; how tags combine is no filter without tags. */
export function hasActiveFilters(filters: TransactionFilters): boolean {
  return FILTER_KEYS.some((key) => key !== 'tagMode' && filters[key] !== '')
}

/** The tag ids of the filter, in order. */
export function filterTagIds(filters: TransactionFilters): string[] {
  return filters.tags.split(',').filter(Boolean)
}

/** The filters without tag ids the household no longer has, once its tags are known. */
export function withKnownTags(
  filters: TransactionFilters,
  known: readonly { _id: string }[] | undefined,
): TransactionFilters {
  if (!known || filters.tags === '') return filters
  const tags = filterTagIds(filters).filter((id) => known.some((t) => t._id === id))
  return tags.length === filterTagIds(filters).length ? filters : { ...filters, tags: tags.join(','), tagMode: tags.length ? filters.tagMode : '' }
}

/** The filter's change when a tag is switched on or off (no tags left: no 'all' either). */
export function toggledTag(filters: TransactionFilters, id: string): Partial<Record<FilterKey, string>> {
  const ids = filterTagIds(filters)
  const next = ids.includes(id) ? ids.filter((t) => t !== id) : [...ids, id]
  return next.length > 0 ? { tags: next.join(',') } : { tags: '', tagMode: '' }
}

/**
 * New search params with the given filters changed. Changing a filter goes back
 * to page 1; an empty value removes the param.
 */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<FilterKey, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value)
    else next.delete(key)
  }
  next.delete('page')
  return next
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params)
  if (page > 1) next.set('page', String(page))
  else next.delete('page')
  return next
}

export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const key of FILTER_KEYS) next.delete(key)
  next.delete('page')
  return next
}
