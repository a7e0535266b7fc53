/**
 * The fixed units of the item form (spec doc 2, Inventory list: item … other, the cooking
 * measures included). 'pieces' is what an item made from the shopping list gets. The stored
 * values are the spec's; the order is the dropdown's: 'item' (the default), the metric measures
 * and the pint, the things things come in, the cooking measures, then 'other'.
 */
export const INVENTORY_UNITS: readonly string[] = [
  'item',
  'g',
  'kg',
  'ml',
  'L',
  'pint',
  'pack',
  'bottle',
  'bag',
  'box',
  'can',
  'jar',
  'piece',
  'pieces',
  'roll',
  'dozen',
  'tin',
  'tub',
  'carton',
  'packet',
  'bunch',
  'loaf',
  'sachet',
  'tube',
  'pair',
  'sheet',
  'cup',
  'tablespoon',
  'teaspoon',
  'ounce',
  'pound',
  'gallon',
  'other',
]

/**
 * What the dropdown says for a unit where the stored word alone could mislead: a measure's
 * full name, and no 'pound' or 'ounce' beside a price in pounds sterling, no cup of unknown size.
 */
const UNIT_LABELS: Record<string, string> = {
  g: 'g (grams)',
  kg: 'kg (kilograms)',
  ml: 'ml (millilitres)',
  L: 'L (litres)',
  pint: 'pint (UK, 568 ml)',
  cup: 'cup (US measure, 240 ml)',
  tablespoon: 'tablespoon (tbsp, 15 ml)',
  teaspoon: 'teaspoon (tsp, 5 ml)',
  ounce: 'oz (ounce weight)',
  pound: 'lb (pound weight)',
  gallon: 'gallon (UK, 4.5 L)',
}

/** A unit as the dropdown shows it: 'lb (pound weight)' for 'pound'; any other as stored. */
export function unitLabel(unit: string): string {
  return Object.hasOwn(UNIT_LABELS, unit) ? UNIT_LABELS[unit]! : unit
}

export const DEFAULT_UNIT = 'item'

/** The dropdown's units: the fixed list, plus a stored unit not on it (so editing keeps it). */
export function unitOptions(current: string | null | undefined): string[] {
  const units = [...INVENTORY_UNITS]
  if (current && !units.includes(current)) units.push(current)
  return units
}

/** Units written the same for one or many: measures, and names already plural. */
const SAME_IN_PLURAL = new Set(['kg', 'g', 'L', 'ml', 'lb', 'oz', 'dozen', 'pieces'])
/** Weights counted by their symbols, so '2 lb' beside a price is never read as money. */
const COUNTED_AS: Record<string, string> = { pound: 'lb', ounce: 'oz' }
const IRREGULAR_PLURALS: Record<string, string> = { loaf: 'loaves', box: 'boxes', bunch: 'bunches' }

/**
 * A count with its unit as people say it: '1 tin', '4 tins', '2 loaves', '500 g', '3 items',
 * '2 lb' (stored 'pound').
 * 'other' (or no unit) is just the number. A unit of the user's own is kept as typed.
 */
export function unitCount(count: number, unit: string | null | undefined): string {
  const trimmed = (unit ?? '').trim()
  if (trimmed === '' || trimmed === 'other') return String(count)
  const u = Object.hasOwn(COUNTED_AS, trimmed) ? COUNTED_AS[trimmed]! : trimmed
  if (count === 1) return `1 ${u === 'pieces' ? 'piece' : u}`
  if (SAME_IN_PLURAL.has(u) || !INVENTORY_UNITS.includes(trimmed)) return `${count} ${u}`
  return `${count} ${IRREGULAR_PLURALS[u] ?? `${u}s`}`
}
