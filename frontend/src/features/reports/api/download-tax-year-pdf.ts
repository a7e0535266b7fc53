import { useMutation } from '@tanstack/react-query'
import { download } from '@/lib/api/client'
import { type DownloadedFile, saveBlob } from '@/lib/api/save-file'
import { FALLBACK_PDF_NAME, fileNameFromDisposition } from '../lib/file-name'

/** GET /reports/tax-year/pdf?year: the tax year's PDF with its Self Assessment table. */
export async function fetchTaxYearPdf(year: number): Promise<DownloadedFile> {
  const { blob, headers } = await download('/api/reports/tax-year/pdf', {
    params: { query: { year: String(year) } },
    accept: 'application/pdf',
  })
  const fileName = fileNameFromDisposition(headers.get('Content-Disposition')) ?? FALLBACK_PDF_NAME
  return { blob, fileName }
}

/** Fetches the tax year's PDF and hands it to the browser as a download. */
export function useDownloadTaxYearPdf() {
  return useMutation({
    mutationFn: async (year: number) => {
      const pdf = await fetchTaxYearPdf(year)
      saveBlob(pdf)
      return pdf
    },
  })
}
