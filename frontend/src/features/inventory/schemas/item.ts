import { z } from 'zod'
import { isDay } from '@/lib/calendar-day'
import { parseAmountText, penceToDecimalText, toPence } from '@/lib/money'
import type { InventoryItem, InventoryItemBody } from '../api/types'
import { DEFAULT_UNIT } from '../lib/units'

/** Every validation message of the item form (spec doc 2 §5; our words where it names none). */
export const itemMessages = {
  nameRequired: 'Name is required',
  categoryRequired: 'Category is required',
  stockRequired: 'Current stock is required',
  stockNegative: 'Stock cannot be negative',
  stockWhole: 'Stock must be a whole number',
  neededRequired: 'Default needed is required',
  neededNegative: 'Default needed cannot be negative',
  neededWhole: 'Default needed must be a whole number',
  priceNegative: 'Price cannot be negative',
  priceNumber: 'Price must be a number',
  priceDecimals: 'Price cannot have more than 2 decimal places',
  priceMax: 'Price is too large',
  unitRequired: 'Unit is required',
  expiryInvalid: 'Enter a date as dd/mm/yyyy',
} as const

/** The largest count the form sends (the server keeps counts as 32-bit integers). */
export const MAX_COUNT = 1_000_000
/** The largest price: £999,999.99. */
export const MAX_PRICE_PENCE = 99_999_999

type CountMessages = { required: string; negative: string; whole: string }

/** The message for a count's text, or null for a whole number from 0. */
export function countProblem(text: string, messages: CountMessages): string | null {
  const s = text.trim()
  if (s === '') return messages.required
  if (/^-\s*\d/.test(s) && !Number.isNaN(Number(s))) return messages.negative
  if (!/^\d+$/.test(s) || Number(s) > MAX_COUNT) return messages.whole
  return null
}

function countField(messages: CountMessages) {
  return z
    .string()
    .superRefine((text, ctx) => {
      const problem = countProblem(text, messages)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform((text) => Number(text.trim()))
}

/** The message for the price's text, or null for '' (no price) or £0.00 to £999,999.99. */
export function priceProblem(text: string): string | null {
  const s = text.trim()
  if (s === '') return null
  const parsed = parseAmountText(s)
  if (!parsed.ok) {
    if (parsed.problem === 'not-a-number') return itemMessages.priceNumber
    if (s.startsWith('-')) return itemMessages.priceNegative
    if (parsed.problem === 'too-large') return itemMessages.priceMax
    return itemMessages.priceDecimals
  }
  if (parsed.pence < 0) return itemMessages.priceNegative
  if (parsed.pence > MAX_PRICE_PENCE) return itemMessages.priceMax
  return null
}

const optionalText = z.string().trim()

/** The add and edit item form; counts and price are typed as text. */
export const itemSchema = z.object({
  name: z.string().trim().min(1, itemMessages.nameRequired),
  category: z.string().trim().min(1, itemMessages.categoryRequired),
  brand: optionalText,
  currentStock: countField({
    required: itemMessages.stockRequired,
    negative: itemMessages.stockNegative,
    whole: itemMessages.stockWhole,
  }),
  defaultNeeded: countField({
    required: itemMessages.neededRequired,
    negative: itemMessages.neededNegative,
    whole: itemMessages.neededWhole,
  }),
  lastPrice: z
    .string()
    .superRefine((text, ctx) => {
      const problem = priceProblem(text)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform((text) => {
      const parsed = parseAmountText(text)
      return parsed.ok ? parsed.pence : 0
    }),
  unit: z.string().trim().min(1, itemMessages.unitRequired),
  preferredStore: optionalText,
  /** '' for none, else 'YYYY-MM-DD' (the date field gives '' for text that is not a day). */
  expiryDate: z.string().refine((day) => day === '' || isDay(day), itemMessages.expiryInvalid),
  type: optionalText,
  size: optionalText,
  locationInHouse: optionalText,
  /** The server-relative path of the photo; '' for none. */
  image: z.string(),
})

export type ItemFormInput = z.input<typeof itemSchema>
/** Counts as numbers, the price in integer pence. */
export type ItemFormValues = z.output<typeof itemSchema>

/** A new item: nothing in stock, one needed, unit 'item' (spec doc 2 §9). */
export function emptyItemForm(): ItemFormInput {
  return {
    name: '',
    category: '',
    brand: '',
    currentStock: '0',
    defaultNeeded: '1',
    lastPrice: '',
    unit: DEFAULT_UNIT,
    preferredStore: '',
    expiryDate: '',
    type: '',
    size: '',
    locationInHouse: '',
    image: '',
  }
}

/** The form filled from a stored item, for editing. */
export function itemToForm(item: InventoryItem): ItemFormInput {
  return {
    name: item.name,
    category: item.category ?? '',
    brand: item.brand ?? '',
    currentStock: String(item.currentStock),
    defaultNeeded: String(item.defaultNeeded),
    lastPrice: penceToDecimalText(toPence(item.lastPrice ?? 0)),
    unit: item.unit || DEFAULT_UNIT,
    preferredStore: item.preferredStore ?? '',
    expiryDate: item.expiryDate ? item.expiryDate.slice(0, 10) : '',
    type: item.type ?? '',
    size: item.size ?? '',
    locationInHouse: item.locationInHouse ?? '',
    image: item.image ?? '',
  }
}

/** POST and PUT body: counts as text, the price as decimal text ('1.15'), no expiry as null. */
export function toItemBody(values: ItemFormValues): InventoryItemBody {
  return {
    name: values.name,
    category: values.category,
    brand: values.brand,
    currentStock: String(values.currentStock),
    defaultNeeded: String(values.defaultNeeded),
    lastPrice: penceToDecimalText(values.lastPrice),
    preferredStore: values.preferredStore,
    unit: values.unit,
    expiryDate: values.expiryDate === '' ? null : values.expiryDate,
    type: values.type,
    size: values.size,
    locationInHouse: values.locationInHouse,
    image: values.image,
  }
}
