/** The receipts' rules as the screen checks them before sending (the server checks them again). */

/** The largest receipt the server takes (10 MB). */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024
/** The server's own words for each refusal, so the screen says the same before sending. */
export const RECEIPT_TOO_BIG = 'A receipt must be 10 MB or smaller'
export const NOT_A_RECEIPT = 'Only photos (JPEG, PNG or WebP) and PDF files can be attached'
/** What the file picker offers: photos (the camera on a phone) and PDFs. */
export const RECEIPT_ACCEPT = 'image/*,application/pdf'

/**
 * Why a chosen file cannot be a receipt, or null. By its declared type only, as a first answer:
 * the server judges the content (a renamed file is refused there).
 */
export function receiptFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > MAX_RECEIPT_BYTES) return RECEIPT_TOO_BIG
  // A phone's camera may leave the type empty: the server decides then.
  if (file.type && !file.type.startsWith('image/') && file.type !== 'application/pdf') return NOT_A_RECEIPT
  return null
}

/** A size as people read it: '512 B', '48.2 KB', '3.1 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
