import { http, HttpResponse } from 'msw'
import type { components } from '@/lib/api/schema'
import type { Account, Category, Tag, Transaction } from '@/lib/api/types'
import { defaultCategories, emptySummary, makeAccount, makeUser } from './fixtures'
import { apiUrl } from './server'

type LedgerData = {
  accounts?: Account[]
  categories?: Category[]
  /** GET /tags; none by default. */
  tags?: Tag[]
  transactions?: Transaction[]
  /** GET /transactions/transfer-suggestions; none by default. */
  transferSuggestions?: TransferSuggestion[]
}

type TransferSuggestion = components['schemas']['TransferSuggestionDto']

/**
 * Handlers for a signed-in user with the given accounts, categories and one page of transactions,
 * and no bank connections (which /accounts reads). A test that adds its own `/transactions/:id` handler
 * later must answer `/transactions/transfer-suggestions` before it (msw takes the newest match).
 */
export function ledgerHandlers(data: LedgerData = {}) {
  const accounts = data.accounts ?? [makeAccount()]
  const categories = data.categories ?? defaultCategories
  const transactions = data.transactions ?? []
  const transferSuggestions = data.transferSuggestions ?? []
  return [
    http.get(apiUrl('/transactions/transfer-suggestions'), () =>
      HttpResponse.json({ success: true, data: transferSuggestions }),
    ),
    http.get(apiUrl('/auth/me'), () => HttpResponse.json({ success: true, user: makeUser() })),
    http.get(apiUrl('/accounts'), () =>
      HttpResponse.json({
        success: true,
        data: { accounts, netWorth: 0, totalAccounts: accounts.length },
      }),
    ),
    http.get(apiUrl('/plaid/items'), () => HttpResponse.json({ success: true, data: [] })),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: categories })),
    http.get(apiUrl('/tags'), () => HttpResponse.json({ success: true, data: data.tags ?? [] })),
    // A transaction's detail page lists its receipts (none unless a test serves some).
    http.get(apiUrl('/transactions/:id/receipts'), () => HttpResponse.json({ success: true, data: [] })),
    http.get(apiUrl('/transactions'), () =>
      HttpResponse.json({
        success: true,
        transactions,
        pagination: { current: 1, pages: 1, total: transactions.length, limit: 20 },
        summary: {
          ...emptySummary,
          transactionCount: transactions.filter((t) => !t.isTransfer && t.status !== 'declined').length,
          transferLegCount: transactions.filter((t) => t.isTransfer).length,
          declinedCount: transactions.filter((t) => !t.isTransfer && t.status === 'declined').length,
        },
      }),
    ),
  ]
}
