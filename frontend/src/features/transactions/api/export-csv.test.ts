import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl, server } from '@/test/server'
import { readFilters } from '../lib/filters'
import { exportFileName, exportPath, fetchTransactionsCsv } from './export-csv'

describe('the CSV export', () => {
  it("asks for the list's filters, not its page", () => {
    const filters = readFilters(
      new URLSearchParams('search=%20coffee%20&startDate=2026-11-01&endDate=2026-11-30&type=expense&category=cat-1&account=acc-1&page=3'),
    )
    expect(exportPath(filters)).toBe(
      '/transactions/export.csv?includeTransfers=true&search=coffee&startDate=2026-11-01&endDate=2026-11-30&type=expense&category=cat-1&account=acc-1',
    )
    expect(exportPath(readFilters(new URLSearchParams()))).toBe('/transactions/export.csv?includeTransfers=true')
  })

  it("is named for London's today", () => {
    expect(exportFileName('2026-11-26')).toBe('myspending-transactions-2026-11-26.csv')
  })

  it("keeps the server's message when it refuses", async () => {
    server.use(
      http.get(apiUrl('/transactions/export.csv'), () =>
        HttpResponse.json({ success: false, message: 'Invalid date' }, { status: 400 }),
      ),
    )
    await expect(fetchTransactionsCsv(readFilters(new URLSearchParams()))).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Invalid date',
    })
  })
})
