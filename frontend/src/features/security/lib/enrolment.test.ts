import { describe, expect, it } from 'vitest'
import { groupedKey, recoveryCodesText } from './enrolment'

describe('groupedKey', () => {
  it('groups a 32-character key in eight fours', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
  })

  it('leaves a short last group, and ignores spaces already there', () => {
    expect(groupedKey('ABCD EFGH IJ')).toBe('ABCD EFGH IJ')
    expect(groupedKey('')).toBe('')
  })
})

describe('recoveryCodesText', () => {
  it('says whose codes they are and when, then one code a line', () => {
    const text = recoveryCodesText(['abcde-fghij', 'klmno-pqrst'], 'jane@example.com', new Date('2026-11-29T14:07:00Z'))
    const lines = text.split('\n')
    expect(lines[0]).toBe('MySpending recovery codes for jane@example.com')
    expect(lines[1]).toBe('Saved 29/11/2026 14:07')
    expect(lines.slice(-3)).toEqual(['abcde-fghij', 'klmno-pqrst', ''])
  })
})
