/** Query keys of the users feature. */
export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  audit: (id: string) => [...userKeys.all, 'audit', id] as const,
}
