import { http, HttpResponse } from 'msw'
import { apiUrl } from '@/test/server'
import type { ImportPreview, PastImport, PreviewRow } from '../api/types'

export function makeRow(overrides: Partial<PreviewRow> = {}): PreviewRow {
  return {
    line: 2,
    date: '2027-01-10',
    description: 'Bean Counter Coffee',
    amount: -3.2,
    type: 'expense',
    category: 'Eating Out',
    duplicate: false,
    ...overrides,
  }
}

export function makePreview(overrides: Partial<ImportPreview> = {}): ImportPreview {
  const rows = overrides.rows ?? [
    makeRow(),
    makeRow({ line: 3, date: '2027-01-11', description: 'Green Grocer', amount: -15.4, category: 'Groceries', duplicate: true }),
    makeRow({ line: 4, date: '2027-01-15', description: 'Example Employer', amount: 1200, type: 'income', category: 'Salary' }),
  ]
  return {
    importId: 'imp-1',
    fileName: 'monzo.csv',
    format: 'csv',
    preset: 'monzo',
    columns: ['Transaction ID', 'Date', 'Name', 'Amount', 'Category', 'Notes and #tags'],
    mapping: { date: 'Date', description: 'Name', amount: 'Amount', category: 'Category', id: 'Transaction ID', negate: false },
    needsMapping: false,
    rows,
    newCount: rows.filter((r) => !r.duplicate).length,
    duplicateCount: rows.filter((r) => r.duplicate).length,
    errors: [],
    ...overrides,
  }
}

export function makePastImport(overrides: Partial<PastImport> = {}): PastImport {
  return {
    importId: 'imp-old',
    fileName: 'january.ofx',
    accountId: 'acc-current',
    format: 'ofx',
    preset: 'ofx',
    added: 12,
    duplicates: 3,
    createdAt: '2026-11-20T10:15:00.000Z',
    ...overrides,
  }
}

type ServeOptions = { preview?: ImportPreview; imports?: PastImport[] }

/**
 * The imports API as msw handlers over a state the test may read: the uploaded form fields and
 * the JSON bodies sent. A test's own server.use() handlers take precedence.
 */
export function serveImports(options: ServeOptions = {}) {
  const state = {
    preview: options.preview ?? makePreview(),
    imports: options.imports ?? [],
    uploads: [] as { fileName: string; accountId: string | null }[],
    sent: [] as { method: string; path: string; body: unknown; idempotencyKey: string | null }[],
  }
  const record = async (request: Request) => {
    const text = request.method === 'DELETE' ? '' : await request.text()
    state.sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    })
  }
  const handlers = [
    http.get(apiUrl('/imports'), () => HttpResponse.json({ success: true, data: state.imports })),
    http.post(apiUrl('/imports'), async ({ request }) => {
      const form = await request.formData()
      // (jsdom's File does not survive into the test server's FormData as a File; the field is there.)
      const file = form.get('file')
      state.uploads.push({
        fileName: typeof file === 'string' ? file : (file?.name ?? ''),
        accountId: (form.get('accountId') as string | null) ?? null,
      })
      return HttpResponse.json({ success: true, data: state.preview })
    }),
    http.post(apiUrl('/imports/:id/preview'), async ({ request }) => {
      await record(request)
      return HttpResponse.json({ success: true, data: state.preview })
    }),
    http.post(apiUrl('/imports/:id/commit'), async ({ request, params }) => {
      await record(request)
      const { newCount, duplicateCount } = state.preview
      state.imports = [
        makePastImport({ importId: params.id as string, fileName: state.preview.fileName, added: newCount, duplicates: duplicateCount }),
        ...state.imports,
      ]
      return HttpResponse.json({
        success: true,
        data: { added: newCount, duplicates: duplicateCount, importId: params.id },
        message: `${newCount} added, ${duplicateCount} already there`,
      })
    }),
    http.delete(apiUrl('/imports/:id'), async ({ request, params }) => {
      await record(request)
      state.imports = state.imports.filter((i) => i.importId !== params.id)
      return HttpResponse.json({ success: true, data: { removed: 2 }, message: 'Import undone' })
    }),
  ]
  return { state, handlers }
}
