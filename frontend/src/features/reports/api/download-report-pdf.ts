import { useMutation } from '@tanstack/react-query'
import { download } from '@/lib/api/client'
import { type DownloadedFile, saveBlob } from '@/lib/api/save-file'
import { FALLBACK_PDF_NAME, fileNameFromDisposition } from '../lib/file-name'
import { reportQuery, yearlyQuery } from './keys'
import type { ReportPeriodParams } from './types'

export type ReportPdf = DownloadedFile

/**
 * GET /reports/monthly/pdf, or /reports/yearly/pdf for the whole year (month null): the PDF as
 * a blob with the server's file name. A failure's JSON message is kept.
 */
export async function fetchReportPdf({ year, month, accountId }: ReportPeriodParams): Promise<ReportPdf> {
  const { blob, headers } =
    month === null
      ? await download('/api/reports/yearly/pdf', {
          params: { query: yearlyQuery(year, accountId) },
          accept: 'application/pdf',
        })
      : await download('/api/reports/monthly/pdf', {
          params: { query: reportQuery({ year, month, accountId }) },
          accept: 'application/pdf',
        })
  const fileName = fileNameFromDisposition(headers.get('Content-Disposition')) ?? FALLBACK_PDF_NAME
  return { blob, fileName }
}

/** Fetches the month's (or the year's) PDF and hands it to the browser as a download. */
export function useDownloadReportPdf() {
  return useMutation({
    mutationFn: async (params: ReportPeriodParams) => {
      const pdf = await fetchReportPdf(params)
      saveBlob(pdf)
      return pdf
    },
  })
}
