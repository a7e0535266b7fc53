import { useMutation } from '@tanstack/react-query'
import { type DownloadedFile, rawRequest, saveBlob } from '@/lib/api/raw-request'
import { FALLBACK_PDF_NAME, fileNameFromDisposition } from '../lib/file-name'
import { reportQuery } from './keys'
import type { ReportParams } from './types'

export type ReportPdf = DownloadedFile

/**
 * GET /reports/monthly/pdf: the PDF as a blob with the server's file name (a download the typed
 * client cannot make: see rawRequest). A failure's JSON message is kept.
 */
export async function fetchReportPdf(params: ReportParams): Promise<ReportPdf> {
  const query = new URLSearchParams(
    Object.entries(reportQuery(params)).map(([name, value]) => [name, String(value)]),
  )
  const response = await rawRequest(`/reports/monthly/pdf?${query}`, { accept: 'application/pdf, application/json' })
  const blob = await response.blob()
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? FALLBACK_PDF_NAME
  return { blob, fileName }
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
