import { useMutation } from '@tanstack/react-query'
import { API_BASE_PATH, ApiError, DEFAULT_TIMEOUT_MS, failedResponseError } from '@/lib/api/client'
import { getToken } from '@/lib/auth-storage'
import { FALLBACK_PDF_NAME, fileNameFromDisposition } from '../lib/file-name'
import { reportQuery } from './keys'
import type { ReportParams } from './types'

export type ReportPdf = { blob: Blob; fileName: string }

/**
 * GET /reports/monthly/pdf: the PDF as a blob with the server's file name. The
 * shared client speaks JSON only, so this is a small fetch of its own with the
 * same base path, bearer token and timeout; a failure's JSON message is kept,
 * and a 401 or a disabled account is handled as the client does.
 */
export async function fetchReportPdf(params: ReportParams): Promise<ReportPdf> {
  const headers: Record<string, string> = { Accept: 'application/pdf, application/json' }
  const token = getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), DEFAULT_TIMEOUT_MS)
  const query = new URLSearchParams(
    Object.entries(reportQuery(params)).map(([name, value]) => [name, String(value)]),
  )
  const url = new URL(`${API_BASE_PATH}/reports/monthly/pdf?${query}`, window.location.origin)
  try {
    let response: Response
    try {
      response = await fetch(url, { headers, signal: controller.signal })
    } catch {
      throw new ApiError(0, undefined, controller.signal.aborted ? 'The request timed out' : 'Network error')
    }
    if (!response.ok) throw await failedResponseError(response)
    const blob = await response.blob()
    const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? FALLBACK_PDF_NAME
    return { blob, fileName }
  } finally {
    clearTimeout(timer)
  }
}

/** Saves a blob through the browser's download, under the given name. */
export function saveBlob({ blob, fileName }: ReportPdf): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000)
}

/** Fetches the month's PDF and hands it to the browser as a download. */
export function useDownloadReportPdf() {
  return useMutation({
    mutationFn: async (params: ReportParams) => {
      const pdf = await fetchReportPdf(params)
      saveBlob(pdf)
      return pdf
    },
  })
}
