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
  page: number
}

export const FILTER_KEYS = ['search', 'startDate', 'endDate', 'type', 'category', 'account', 'createdBy'] as const
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
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** True when any filter (not the page) is set. */
export function hasActiveFilters(filters: TransactionFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== '')
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
