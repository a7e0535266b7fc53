import { describe, expect, it } from 'vitest'
import { makeItem } from '../lib/test-fixtures'
import { emptyItemForm, type ItemFormInput, itemMessages, itemSchema, itemToForm, toItemBody } from './item'

function errorsOf(changes: Partial<ItemFormInput>): Record<string, string> {
  const result = itemSchema.safeParse({ ...emptyItemForm(), name: 'Milk', category: 'Dairy', ...changes })
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]))
}

describe('item form schema', () => {
  it('starts with 0 in stock, 1 needed and the unit item', () => {
    expect(emptyItemForm()).toMatchObject({ currentStock: '0', defaultNeeded: '1', unit: 'item', lastPrice: '' })
  })

  it('requires a name, a category, the counts and a unit', () => {
    expect(
      errorsOf({ name: ' ', category: '', currentStock: '', defaultNeeded: '', unit: '' }),
    ).toEqual({
      name: itemMessages.nameRequired,
      category: 'Category is required',
      currentStock: 'Current stock is required',
      defaultNeeded: 'Default needed is required',
      unit: 'Unit is required',
    })
    expect(itemMessages.nameRequired).toBe('Name is required')
  })

  it.each([
    [{ currentStock: '-1' }, 'currentStock', 'Stock cannot be negative'],
    [{ currentStock: '1.5' }, 'currentStock', 'Stock must be a whole number'],
    [{ currentStock: 'lots' }, 'currentStock', 'Stock must be a whole number'],
    [{ defaultNeeded: '-2' }, 'defaultNeeded', 'Default needed cannot be negative'],
    [{ defaultNeeded: '2.5' }, 'defaultNeeded', 'Default needed must be a whole number'],
    [{ lastPrice: '-0.50' }, 'lastPrice', 'Price cannot be negative'],
    [{ lastPrice: 'abc' }, 'lastPrice', 'Price must be a number'],
    [{ lastPrice: '1.234' }, 'lastPrice', 'Price cannot have more than 2 decimal places'],
    [{ expiryDate: '2026-02-30' }, 'expiryDate', 'Enter a date as dd/mm/yyyy'],
  ])('refuses %j', (changes, field, message) => {
    expect(errorsOf(changes)).toEqual({ [field]: message })
  })

  it('accepts zero counts, no price and no expiry', () => {
    expect(errorsOf({ currentStock: '0', defaultNeeded: '0', lastPrice: '', expiryDate: '' })).toEqual({})
  })

  it('sends counts as text, the price as two-decimal text and no expiry as null', () => {
    const values = itemSchema.parse({
      ...emptyItemForm(),
      name: ' Milk ',
      category: 'Dairy',
      currentStock: ' 2 ',
      defaultNeeded: '3',
      lastPrice: '1.5',
      preferredStore: 'Tesco',
    })
    expect(toItemBody(values)).toEqual({
      name: 'Milk',
      category: 'Dairy',
      brand: '',
      currentStock: '2',
      defaultNeeded: '3',
      lastPrice: '1.50',
      preferredStore: 'Tesco',
      unit: 'item',
      expiryDate: null,
      type: '',
      size: '',
      locationInHouse: '',
      image: '',
    })
    expect(toItemBody(itemSchema.parse({ ...emptyItemForm(), name: 'A', category: 'B' })).lastPrice).toBe('0.00')
  })

  it('fills the form from a stored item and sends it back unchanged', () => {
    const item = makeItem({ expiryDate: '2026-06-20T00:00:00.000Z', image: '/uploads/milk.jpg' })
    const form = itemToForm(item)
    expect(form).toMatchObject({ currentStock: '2', defaultNeeded: '3', lastPrice: '1.15', expiryDate: '2026-06-20' })
    expect(toItemBody(itemSchema.parse(form))).toMatchObject({
      lastPrice: '1.15',
      expiryDate: '2026-06-20',
      image: '/uploads/milk.jpg',
    })
  })
})
