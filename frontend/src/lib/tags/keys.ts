/**
 * Query keys of the household's tags. Shared because the transaction form and filters (the
 * transactions feature) and the Tags page (the tags feature) read and change the same list.
 */
export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
}
