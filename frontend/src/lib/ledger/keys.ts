/**
 * Query keys of the ledger resources. They are shared because a change in one
 * feature refreshes another's data: a new transaction changes account balances
 * and category counts, a transfer changes the transaction list.
 */
export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
}

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  transactionsCount: (id: string) => [...categoryKeys.all, 'transactions-count', id] as const,
}

export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (filters: Record<string, string | number | undefined>) =>
    [...transactionKeys.lists(), filters] as const,
  detail: (id: string) => [...transactionKeys.all, 'detail', id] as const,
}
