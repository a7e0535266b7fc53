import { useMutation } from '@tanstack/react-query'
import { API_BASE_PATH } from '@/lib/api/client'
import { type DownloadedFile, rawRequest, saveBlob } from '@/lib/api/raw-request'
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
export function exportQuery(filters: TransactionFilters): URLSearchParams {
  const { page: _page, limit: _limit, ...query } = transactionsQuery(filters, false)
  return new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  )
}

/** The address of the export of what the list shows (below the API base). */
export function exportPath(filters: TransactionFilters): string {
  return `${EXPORT_PATH.slice(API_BASE_PATH.length)}?${exportQuery(filters)}`
}

/** GET /transactions/export.csv with the list's filters, as a file named for today. */
export async function fetchTransactionsCsv(filters: TransactionFilters): Promise<DownloadedFile> {
  const response = await rawRequest(exportPath(filters), {
    accept: 'text/csv, application/json',
    timeoutMs: EXPORT_TIMEOUT_MS,
  })
  return { blob: await response.blob(), fileName: exportFileName() }
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
