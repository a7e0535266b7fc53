import { describe, expect, it } from 'vitest'
import { fileNameFromDisposition } from './file-name'

describe('fileNameFromDisposition', () => {
  it.each([
    ['attachment; filename="financial-report-all-accounts-June-2026.pdf"', 'financial-report-all-accounts-June-2026.pdf'],
    ['attachment; filename=financial-report.pdf', 'financial-report.pdf'],
    ["attachment; filename*=UTF-8''financial-report-caf%C3%A9-June-2026.pdf", 'financial-report-café-June-2026.pdf'],
    [
      'attachment; filename="fallback.pdf"; filename*=UTF-8\'\'financial-report-x.pdf',
      'financial-report-x.pdf',
    ],
    ['attachment; filename="a \\"quoted\\" name.pdf"', 'a "quoted" name.pdf'],
    ['attachment; filename="../../etc/report.pdf"', 'report.pdf'],
  ])('%s → %s', (header, name) => expect(fileNameFromDisposition(header)).toBe(name))

  it.each([null, undefined, '', 'attachment', 'attachment; filename=""'])('%s → null', (header) => {
    expect(fileNameFromDisposition(header)).toBeNull()
  })
})
