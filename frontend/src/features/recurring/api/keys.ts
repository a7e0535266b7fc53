/** Query keys of the recurring feature. */
export const recurringKeys = {
  all: ['recurring'] as const,
  lists: () => [...recurringKeys.all, 'list'] as const,
  /** 'active': active templates only; 'all': every one. */
  list: (scope: 'active' | 'all') => [...recurringKeys.lists(), scope] as const,
  summary: () => [...recurringKeys.all, 'summary'] as const,
  upcoming: (count: number) => [...recurringKeys.all, 'upcoming', count] as const,
}
