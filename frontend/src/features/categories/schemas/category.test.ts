import { describe, expect, it } from 'vitest'
import { CATEGORY_ICON_NAMES } from '@/components/category-icons'
import { firstErrors } from '@/test/zod'
import { CATEGORY_COLORS } from '@/lib/colours'
import { type CategoryFormInput, categorySchema, toCategoryRequest } from './category'

const valid: CategoryFormInput = {
  name: 'Hobby Stuff',
  description: 'Paints and brushes',
  color: '#9C27B0',
  icon: 'camera',
  type: 'expense',
  taxTreatment: 'none',
}

describe('category form', () => {
  it('accepts a valid form', () => {
    expect(firstErrors(categorySchema, valid)).toEqual({})
  })

  it.each<[keyof CategoryFormInput, string, string | null]>([
    ['name', '', 'Category name is required'],
    ['name', '   ', 'Category name is required'],
    ['name', 'x'.repeat(30), null],
    ['name', 'x'.repeat(31), 'Category name cannot exceed 30 characters'],
    ['description', '', null],
    ['description', 'x'.repeat(100), null],
    ['description', 'x'.repeat(101), 'Description cannot exceed 100 characters'],
    ['color', '#abc', null],
    ['color', '#A1B2C3', null],
    ['color', '', 'Please select a valid color'],
    ['color', 'red', 'Please select a valid color'],
    ['color', '#abcd', 'Please select a valid color'],
    ['color', '#GGGGGG', 'Please select a valid color'],
    ['icon', 'x'.repeat(20), null],
    ['icon', 'x'.repeat(21), 'Icon name cannot exceed 20 characters'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(firstErrors(categorySchema, { ...valid, [field]: value })[field] ?? null).toBe(message)
  })

  it('trims the name and description', () => {
    expect(categorySchema.parse({ ...valid, name: '  Pets ', description: ' Food ' })).toMatchObject({
      name: 'Pets',
      description: 'Food',
    })
  })

  it('offers 16 valid colours and the 20 icon names', () => {
    expect(CATEGORY_COLORS).toHaveLength(16)
    expect(new Set(CATEGORY_COLORS).size).toBe(16)
    for (const color of CATEGORY_COLORS) {
      expect(firstErrors(categorySchema, { ...valid, color })).toEqual({})
    }
    expect(CATEGORY_ICON_NAMES).toEqual([
      'shopping-cart', 'car', 'home', 'film', 'zap', 'heart', 'trending-up', 'credit-card', 'book', 'coffee',
      'phone', 'music', 'camera', 'gift', 'plane', 'briefcase', 'shopping-bag', 'utensils', 'gamepad', 'dumbbell',
    ])
  })
})

describe('tax treatment', () => {
  it('sends the treatment that fits the type, and null for none or a leftover', () => {
    const send = (patch: Partial<CategoryFormInput>) =>
      toCategoryRequest(categorySchema.parse({ ...valid, ...patch })).taxTreatment
    expect(send({ taxTreatment: 'allowable' })).toBe('allowable')
    expect(send({ type: 'income', taxTreatment: 'income' })).toBe('income')
    expect(send({ taxTreatment: 'none' })).toBeNull()
    expect(send({ type: 'income', taxTreatment: 'allowable' })).toBeNull()
  })
})
