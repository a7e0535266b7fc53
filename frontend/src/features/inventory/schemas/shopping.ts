import { z } from 'zod'
import { pricePence } from '../lib/selection'

/**
 * The shopping list's two small forms. Neither shows a field message: their submit buttons stay
 * disabled until the form is valid, and the helper text says what a quantity must be.
 */
export const shoppingMessages = {
  itemRequired: 'Select an item',
  nameRequired: 'Item Name is required',
  quantityWhole: 'A whole number, at least 1',
  accountRequired: 'Select an account',
} as const

/** A whole quantity of at least 1, or null ('' and '0' are not). */
function wholeQuantity(text: string): number | null {
  const n = Number(text)
  return text !== '' && Number.isInteger(n) && n >= 1 ? n : null
}

/**
 * 'Add Item to Shopping List': an existing item chosen from the inventory, or a new item's name
 * (brand and price optional); either way a whole quantity of at least 1.
 */
export const addToListSchema = z
  .object({
    mode: z.enum(['existing', 'new']),
    itemId: z.string(),
    quantity: z.string(),
    name: z.string(),
    brand: z.string(),
    price: z.string(),
  })
  .superRefine((v, ctx) => {
    if (wholeQuantity(v.quantity) === null) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: shoppingMessages.quantityWhole })
    }
    if (v.mode === 'existing' && v.itemId === '') {
      ctx.addIssue({ code: 'custom', path: ['itemId'], message: shoppingMessages.itemRequired })
    }
    if (v.mode === 'new' && v.name.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['name'], message: shoppingMessages.nameRequired })
    }
  })
  .transform((v) => ({
    mode: v.mode,
    itemId: v.itemId,
    quantity: wholeQuantity(v.quantity) ?? 1,
    name: v.name.trim(),
    brand: v.brand.trim(),
    pricePence: pricePence(v.price),
  }))

export type AddToListInput = z.input<typeof addToListSchema>
export type AddToListValues = z.output<typeof addToListSchema>

/** A new opening: an existing item, one of it. */
export function emptyAddToListForm(): AddToListInput {
  return { mode: 'existing', itemId: '', quantity: '1', name: '', brand: '', price: '' }
}

/** 'Complete Shopping Trip': the account paying, and a category ('' files it under Groceries). */
export const completeTripSchema = z.object({
  accountId: z.string().min(1, shoppingMessages.accountRequired),
  categoryId: z.string(),
})
