import { describe, expect, it } from 'vitest'
import { formatFileSize, MAX_RECEIPT_BYTES, NOT_A_RECEIPT, RECEIPT_TOO_BIG, receiptFileProblem } from './receipts'

describe('receipt files', () => {
  it('takes photos and PDFs up to 10 MB and leaves the content to the server', () => {
    expect(receiptFileProblem({ size: 1000, type: 'image/jpeg' })).toBeNull()
    expect(receiptFileProblem({ size: 1000, type: 'image/heic' })).toBeNull()
    expect(receiptFileProblem({ size: MAX_RECEIPT_BYTES, type: 'application/pdf' })).toBeNull()
    expect(receiptFileProblem({ size: 1000, type: '' })).toBeNull()
    expect(receiptFileProblem({ size: MAX_RECEIPT_BYTES + 1, type: 'application/pdf' })).toBe(RECEIPT_TOO_BIG)
    expect(receiptFileProblem({ size: 10, type: 'text/html' })).toBe(NOT_A_RECEIPT)
    expect(receiptFileProblem({ size: 10, type: 'application/x-msdownload' })).toBe(NOT_A_RECEIPT)
  })

  it('writes sizes as people read them', () => {
    expect(formatFileSize(512)).toBe('512 B')
    expect(formatFileSize(49_357)).toBe('48.2 KB')
    expect(formatFileSize(3_250_586)).toBe('3.1 MB')
  })
})
