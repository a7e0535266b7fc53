import { useMutation } from '@tanstack/react-query'
import { download } from '@/lib/api/client'
import { type DownloadedFile, saveBlob } from '@/lib/api/save-file'
import { FALLBACK_PDF_NAME, fileNameFromDisposition } from '../lib/file-name'
import { reportQuery } from './keys'
import type { ReportParams } from './types'

export type ReportPdf = DownloadedFile

/**
 * GET /reports/monthly/pdf: the PDF as a blob with the server's file name. A failure's JSON
 * message is kept.
 */
export async function fetchReportPdf(params: ReportParams): Promise<ReportPdf> {
  const { blob, headers } = await download('/api/reports/monthly/pdf', {
    params: { query: reportQuery(params) },
    accept: 'application/pdf',
  })
  const fileName = fileNameFromDisposition(headers.get('Content-Disposition')) ?? FALLBACK_PDF_NAME
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
