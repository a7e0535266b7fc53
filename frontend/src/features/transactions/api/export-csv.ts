import { useMutation } from '@tanstack/react-query'
import { download } from '@/lib/api/client'
import { type DownloadedFile, saveBlob } from '@/lib/api/save-file'
import type { paths } from '@/lib/api/schema'
import { londonToday } from '@/lib/calendar-day'
import type { TransactionFilters } from '../lib/filters'
import { transactionsQuery } from './get-transactions'

export const EXPORT_FALLBACK_ERROR = 'Failed to export transactions'
/** The server streams any number of rows; a big ledger takes a while. */
const EXPORT_TIMEOUT_MS = 300_000

/** The path of the generated schema; a rename on the server fails type-checking here. */
const EXPORT_PATH = '/api/transactions/export.csv' satisfies keyof paths

/** 'myspending-transactions-2026-11-26.csv'. */
export function exportFileName(today: string = londonToday()): string {
  return `myspending-transactions-${today}.csv`
}

/** The list's query (its filters, transfers included) without its page. */
export function exportQuery(filters: TransactionFilters) {
  const { page: _page, limit: _limit, ...query } = transactionsQuery(filters, false)
  return query
}

/** GET /transactions/export.csv with the list's filters, as a file named for today. */
export async function fetchTransactionsCsv(filters: TransactionFilters): Promise<DownloadedFile> {
  const { blob } = await download(EXPORT_PATH, {
    params: { query: exportQuery(filters) },
    accept: 'text/csv',
    timeoutMs: EXPORT_TIMEOUT_MS,
  })
  return { blob, fileName: exportFileName() }
}

export function useExportCsv() {
  return useMutation({
    mutationFn: async (filters: TransactionFilters) => {
      const file = await fetchTransactionsCsv(filters)
      saveBlob(file)
      return file
    },
  })
}
