import { describe, expect, it } from 'vitest'
import { addToListSchema, completeTripSchema, emptyAddToListForm, shoppingMessages } from './shopping'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? [])

describe('addToListSchema', () => {
  it('takes an existing item with a whole quantity of at least 1', () => {
    const parsed = addToListSchema.parse({ ...emptyAddToListForm(), itemId: 'item-1', quantity: '3' })
    expect(parsed).toMatchObject({ mode: 'existing', itemId: 'item-1', quantity: 3 })
  })

  it('takes a new item by its trimmed name, with its brand and price in pence', () => {
    const parsed = addToListSchema.parse({
      ...emptyAddToListForm(),
      mode: 'new',
      name: ' Oat milk ',
      brand: ' Oatly ',
      price: '1.85',
      quantity: '2',
    })
    expect(parsed).toEqual({ mode: 'new', itemId: '', quantity: 2, name: 'Oat milk', brand: 'Oatly', pricePence: 185 })
  })

  it('refuses no item, no name, and a quantity of 0 or nothing', () => {
    expect(messagesOf(addToListSchema.safeParse(emptyAddToListForm()))).toEqual([shoppingMessages.itemRequired])
    expect(messagesOf(addToListSchema.safeParse({ ...emptyAddToListForm(), mode: 'new', quantity: '0' }))).toEqual([
      shoppingMessages.quantityWhole,
      shoppingMessages.nameRequired,
    ])
    expect(
      messagesOf(addToListSchema.safeParse({ ...emptyAddToListForm(), itemId: 'item-1', quantity: '' })),
    ).toEqual([shoppingMessages.quantityWhole])
  })
})

describe('completeTripSchema', () => {
  it('needs the paying account; the category may stay empty', () => {
    expect(completeTripSchema.safeParse({ accountId: 'acc-1', categoryId: '' }).success).toBe(true)
    expect(messagesOf(completeTripSchema.safeParse({ accountId: '', categoryId: '' }))).toEqual([
      shoppingMessages.accountRequired,
    ])
  })
})
