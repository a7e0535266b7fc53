import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { liveSplitError, splitRefusal, splitShareIn, splitSumMessage, tallyEquation, tallyLeft, tallySplit } from './splits'

describe('the live tally of a split', () => {
  it.each([
    ['84.20', ['61', '23.20'], '£61.00 + £23.20 = £84.20 of £84.20', '£0.00 left to split', 0],
    ['84.20', ['61', '20'], '£61.00 + £20.00 = £81.00 of £84.20', '£3.20 left to split', 320],
    ['84.20', ['61', '26.40'], '£61.00 + £26.40 = £87.40 of £84.20', '£3.20 over', -320],
    // Text that is not an amount (yet) counts nothing; 0.1 + 0.2 is 30p exactly, in pence.
    ['0.30', ['0.1', '0.2', 'abc', ''], '£0.10 + £0.20 + £0.00 + £0.00 = £0.30 of £0.30', '£0.00 left to split', 0],
    ['', ['1000', '234.56'], '£1,000.00 + £234.56 = £1,234.56 of £0.00', '£1,234.56 over', -123456],
  ])('%s split as %j reads %j, %j', (total, parts, equation, left, leftPence) => {
    const tally = tallySplit(total, parts)
    expect(tallyEquation(tally)).toBe(equation)
    expect(tallyLeft(tally)).toBe(left)
    expect(tally.left).toBe(leftPence)
  })

  it("words a mismatch as the server does, with thousands separators", () => {
    expect(splitSumMessage(8420, 8000)).toBe('Split amounts must add up to £84.20 (they add up to £80.00)')
    expect(splitSumMessage(123456, 99)).toBe('Split amounts must add up to £1,234.56 (they add up to £0.99)')
  })

  it("takes the server's 400s about a split to show under its parts, and nothing else", () => {
    const refusal = (status: number, message: string) => new ApiError(status, message)
    expect(splitRefusal(refusal(400, 'Split amounts must add up to £84.20 (they add up to £80.00)'))).toBe(
      'Split amounts must add up to £84.20 (they add up to £80.00)',
    )
    expect(splitRefusal(refusal(400, 'A split needs between 2 and 20 parts'))).toBe('A split needs between 2 and 20 parts')
    expect(splitRefusal(refusal(400, 'Split note cannot exceed 200 characters'))).toBeDefined()
    expect(splitRefusal(refusal(404, 'Category not found'))).toBeUndefined()
    expect(splitRefusal(refusal(400, 'Description is required'))).toBeUndefined()
    expect(splitRefusal(new Error('Split amounts must add up to'))).toBeUndefined()
  })

  it("keeps a refused sum's figures true as the parts change, and drops it once they add up", () => {
    const refused = 'Split amounts must add up to £84.20 (they add up to £80.00)'
    expect(liveSplitError(refused, tallySplit('84.20', ['61', '20']))).toBe(
      'Split amounts must add up to £84.20 (they add up to £81.00)',
    )
    expect(liveSplitError(refused, tallySplit('84.20', ['61', '23.20']))).toBeUndefined()
    expect(liveSplitError('A split needs between 2 and 20 parts', tallySplit('1', ['1']))).toBe(
      'A split needs between 2 and 20 parts',
    )
    expect(liveSplitError(undefined, tallySplit('1', ['2']))).toBeUndefined()
  })
})

describe('splitShareIn', () => {
  const part = (category: string, amount: number) => ({ _id: category, category: { _id: category, name: category, color: '#000' }, amount, note: '' })

  it('sums the parts in the category, signed like the transaction, in pence', () => {
    const t = { amount: -84.2, splits: [part('a', 61), part('b', 20.1), part('a', 3.1)] }
    expect(splitShareIn(t, 'a')).toBe(-6410)
    expect(splitShareIn(t, 'b')).toBe(-2010)
    expect(splitShareIn({ amount: 10, splits: [part('a', 4), part('b', 6)] }, 'b')).toBe(600)
  })

  it('is null for a transaction not split, a category it has no part in, or no category', () => {
    expect(splitShareIn({ amount: -5, splits: [] }, 'a')).toBeNull()
    expect(splitShareIn({ amount: -5, splits: [part('a', 2), part('b', 3)] }, 'c')).toBeNull()
    expect(splitShareIn({ amount: -5, splits: [part('a', 2), part('b', 3)] }, '')).toBeNull()
  })
})
