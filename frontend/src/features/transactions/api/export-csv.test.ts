import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl, server } from '@/test/server'
import { readFilters } from '../lib/filters'
import { exportFileName, fetchTransactionsCsv } from './export-csv'

describe('the CSV export', () => {
  it("asks for the list's filters (who made the rows too), not its page, and hands over the file", async () => {
    const asked: string[] = []
    server.use(
      http.get(apiUrl('/transactions/export.csv'), ({ request }) => {
        asked.push(new URL(request.url).search)
        expect(request.headers.get('Accept')).toBe('text/csv, application/json')
        return new HttpResponse('Date,Description\n', { headers: { 'Content-Type': 'text/csv' } })
      }),
    )
    const filters = readFilters(
      new URLSearchParams('search=%20coffee%20&startDate=2026-11-01&endDate=2026-11-30&type=expense&category=cat-1&account=acc-1&createdBy=u-jane&page=3'),
    )
    const file = await fetchTransactionsCsv(filters)
    expect(await file.blob.text()).toBe('Date,Description\n')
    await fetchTransactionsCsv(readFilters(new URLSearchParams()))
    expect(asked).toEqual([
      '?includeTransfers=true&search=coffee&startDate=2026-11-01&endDate=2026-11-30&type=expense&category=cat-1&account=acc-1&createdBy=u-jane',
      '?includeTransfers=true',
    ])
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
