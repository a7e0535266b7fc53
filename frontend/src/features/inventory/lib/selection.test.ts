import { describe, expect, it } from 'vitest'
import { makeEntry, makeShoppingItem } from '../components/shopping-test-handlers'
import {
  EMPTY_SELECTION,
  editsOf,
  isRowPriceText,
  isRowQuantityText,
  linePence,
  pricePence,
  pruneSelection,
  rowQuantity,
  selectionTotalPence,
  tickedEntries,
  tripLines,
  withEdit,
} from './selection'

const milk = makeEntry()
const bread = makeEntry({
  _id: 'entry-bread',
  quantityToBuy: 1,
  inventoryItem: makeShoppingItem({ _id: 'item-bread', name: 'Bread', lastPrice: 0.1, preferredStore: '' }),
})
const entries = [milk, bread]

describe('row input rules', () => {
  it.each([
    ['', true],
    ['0', true],
    ['12', true],
    ['-1', false],
    ['1.5', false],
    ['2a', false],
    [' 3', false],
  ])('quantity %j accepted: %s', (text, ok) => {
    expect(isRowQuantityText(text)).toBe(ok)
  })

  it.each([
    ['', true],
    ['1', true],
    ['1.', true],
    ['.5', true],
    ['1.15', true],
    ['1.1.', false],
    ['-1', false],
    ['£1', false],
    ['1,5', false],
  ])('price %j accepted: %s', (text, ok) => {
    expect(isRowPriceText(text)).toBe(ok)
  })

  it('ignores text a field does not accept', () => {
    expect(withEdit(EMPTY_SELECTION, milk, 'quantity', '2x')).toBe(EMPTY_SELECTION)
    expect(withEdit(EMPTY_SELECTION, milk, 'price', '1..2')).toBe(EMPTY_SELECTION)
  })
})

describe('a row', () => {
  it('starts with the list quantity, the last price as decimal text and the preferred store', () => {
    expect(editsOf(EMPTY_SELECTION, milk)).toEqual({ quantity: '2', price: '1.15', store: 'Tesco' })
  })

  it('falls back to the list quantity when the field is empty, and keeps 0', () => {
    expect(rowQuantity(milk, { quantity: '', price: '1', store: '' })).toBe(2)
    expect(rowQuantity(milk, { quantity: '0', price: '1', store: '' })).toBe(0)
  })

  it.each([
    ['1.15', 115],
    ['1.', 100],
    ['.5', 50],
    ['', 0],
    ['.', 0],
    ['1.234', 0],
  ])('price %j is %d pence', (text, pence) => {
    expect(pricePence(text)).toBe(pence)
  })

  it('totals quantity × price in pence without float error', () => {
    // 3 × £0.10 is 30p exactly (0.1 * 3 in floats is 0.30000000000000004).
    expect(linePence(bread, { quantity: '3', price: '0.10', store: '' })).toBe(30)
  })
})

describe('the trip', () => {
  const ticked = (...ids: string[]) => entries.map((e) => ({ ...e, ticked: ids.includes(e._id) }))

  it('is the entries ticked on the server, by whichever member', () => {
    expect(tickedEntries(entries)).toEqual([])
    const list = ticked(milk._id)
    list[0] = { ...list[0], tickedBy: { _id: 'user-sam', name: 'Sam' } }
    expect(tickedEntries(list).map((e) => e._id)).toEqual(['entry-milk'])
  })

  it('totals the ticked rows only, with their edits', () => {
    let s = EMPTY_SELECTION
    expect(selectionTotalPence(s, ticked(milk._id))).toBe(230)
    s = withEdit(s, milk, 'quantity', '3')
    s = withEdit(s, milk, 'price', '1.2')
    s = withEdit(s, bread, 'price', '5')
    expect(selectionTotalPence(s, ticked(milk._id))).toBe(360)
    expect(selectionTotalPence(s, ticked(milk._id, bread._id))).toBe(860)
  })

  it('makes the trip lines of the ticked rows, prices as decimal text', () => {
    let s = withEdit(EMPTY_SELECTION, milk, 'price', 'abc')
    s = withEdit(s, milk, 'price', '1.5')
    s = withEdit(s, milk, 'store', ' Aldi ')
    s = withEdit(s, bread, 'price', '')
    expect(tripLines(s, ticked(bread._id, milk._id))).toEqual([
      { inventoryItemId: 'item-milk', quantity: 2, price: '1.50', store: 'Aldi' },
      { inventoryItemId: 'item-bread', quantity: 1, price: '0.00', store: '' },
    ])
  })

  it('forgets the edits of entries no longer on the list', () => {
    let s = withEdit(EMPTY_SELECTION, bread, 'store', 'Lidl')
    s = withEdit(s, milk, 'store', 'Aldi')
    const pruned = pruneSelection(s, [milk])
    expect(pruned).toEqual({ edits: { 'entry-milk': { quantity: '2', price: '1.15', store: 'Aldi' } } })
    expect(pruneSelection(pruned, [milk])).toBe(pruned)
  })
})
