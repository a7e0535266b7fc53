import { afterEach, describe, expect, it } from 'vitest'
import { makeEntry, makeShoppingItem } from '../components/shopping-test-handlers'
import { applyToEntries, applyToItems, asOfflineChange, matchesSearch, stockStatusFor } from './offline-changes'
import { loadSelection, SELECTION_STORAGE_KEY, saveSelection } from './saved-selection'
import { makeItem } from './test-fixtures'

describe('changes laid over the server answer', () => {
  it('uses stock, recomputing the colour and values as the server would', () => {
    const [milk] = applyToItems([makeItem({ currentStock: 2, defaultNeeded: 3, lastPrice: 1.15 })], [
      { kind: 'decrement', itemId: 'item-milk' },
    ])
    expect(milk).toMatchObject({ currentStock: 1, stockStatus: 'amber', quantityToBuy: 2, currentStockValue: 1.15 })
    const [none] = applyToItems([milk], [
      { kind: 'decrement', itemId: 'item-milk' },
      { kind: 'decrement', itemId: 'item-milk' },
    ])
    expect(none).toMatchObject({ currentStock: 0, stockStatus: 'red', currentStockValue: 0 })
  })

  it.each([
    [0, 0, 'green'],
    [1, 0, 'red'],
    [1, 1, 'green'],
    [2, 1, 'amber'],
    [4, 2, 'amber'],
    [4, 3, 'green'],
    [6, 0, 'red'],
  ] as const)('needed %i, stock %i is %s', (needed, stock, colour) => {
    expect(stockStatusFor(needed, stock)).toBe(colour)
  })

  it('sets quantities, removes entries and shows used stock on the list', () => {
    const milk = makeEntry()
    const bread = makeEntry({ _id: 'entry-bread', inventoryItem: makeShoppingItem({ _id: 'item-bread', currentStock: 2 }) })
    const entries = applyToEntries([milk, bread], [
      { kind: 'set-quantity', entryId: 'entry-milk', quantity: 3 },
      { kind: 'set-quantity', entryId: 'entry-milk', quantity: 5 },
      { kind: 'decrement', itemId: 'item-bread' },
    ])
    expect(entries.map((e) => [e._id, e.quantityToBuy, e.inventoryItem.currentStock])).toEqual([
      ['entry-milk', 5, 0],
      ['entry-bread', 2, 1],
    ])
    expect(applyToEntries(entries, [{ kind: 'remove-entry', entryId: 'entry-milk' }]).map((e) => e._id)).toEqual([
      'entry-bread',
    ])
  })

  it('ticks and unticks as the server will: a tick already there stays whoever made it', () => {
    const sam = { _id: 'user-sam', name: 'Sam' }
    const milk = makeEntry()
    const bread = makeEntry({ _id: 'entry-bread', ticked: true, tickedBy: sam })
    const ticked = applyToEntries([milk, bread], [
      { kind: 'set-ticked', entryId: 'entry-milk', ticked: true },
      { kind: 'set-ticked', entryId: 'entry-bread', ticked: true },
    ])
    expect(ticked.map((e) => [e._id, e.ticked, e.tickedBy])).toEqual([
      ['entry-milk', true, null],
      ['entry-bread', true, sam],
    ])
    expect(ticked[1]).toBe(bread)
    const unticked = applyToEntries(ticked, [
      { kind: 'set-ticked', entryId: 'entry-bread', ticked: false },
      { kind: 'set-ticked', entryId: 'entry-milk', ticked: false },
      { kind: 'set-ticked', entryId: 'entry-milk', ticked: true },
    ])
    expect(unticked.map((e) => [e._id, e.ticked, e.tickedBy])).toEqual([
      ['entry-milk', true, null],
      ['entry-bread', false, null],
    ])
  })

  it('reads back only the changes it knows', () => {
    expect(asOfflineChange('decrement', { itemId: 'i1' })).toEqual({ kind: 'decrement', itemId: 'i1' })
    expect(asOfflineChange('set-ticked', { entryId: 'e1', ticked: false })).toEqual({
      kind: 'set-ticked',
      entryId: 'e1',
      ticked: false,
    })
    expect(asOfflineChange('set-ticked', { entryId: 'e1', ticked: 'yes' })).toBeNull()
    expect(asOfflineChange('set-quantity', { entryId: 'e1', quantity: '2' })).toBeNull()
    expect(asOfflineChange('rename', { itemId: 'i1' })).toBeNull()
  })

  it('searches a stored copy by name, brand or store, in any case', () => {
    const milk = makeItem()
    expect(['milk', 'CRAVEN', 'tesco', ''].map((t) => matchesSearch(milk, t))).toEqual([true, true, true, true])
    expect(matchesSearch(milk, 'bread')).toBe(false)
  })
})

describe('the saved selection', () => {
  afterEach(() => window.localStorage.clear())

  it('survives a reload, and is forgotten when empty', () => {
    const selection = { edits: { 'entry-bread': { quantity: '3', price: '0.10', store: 'Aldi' } } }
    saveSelection(selection)
    expect(loadSelection()).toEqual(selection)
    saveSelection({ edits: {} })
    expect(window.localStorage.getItem(SELECTION_STORAGE_KEY)).toBeNull()
  })

  it("reads damaged data as no selection, and an older version's ticks not at all", () => {
    window.localStorage.setItem(SELECTION_STORAGE_KEY, '{"ticked":"x"}')
    expect(loadSelection()).toEqual({ edits: {} })
    window.localStorage.setItem(SELECTION_STORAGE_KEY, '{"ticked":["a",1],"edits":{"b":{"quantity":1}}}')
    expect(loadSelection()).toEqual({ edits: {} })
    const typed = { quantity: '3', price: '', store: '' }
    window.localStorage.setItem(SELECTION_STORAGE_KEY, JSON.stringify({ ticked: ['a'], edits: { a: typed } }))
    expect(loadSelection()).toEqual({ edits: { a: typed } })
  })
})
