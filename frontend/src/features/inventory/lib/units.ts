/**
 * The fixed units of the item form (spec doc 2, Inventory list: from item, kg, g, L, ml … to
 * other). 'pieces' is what an item made from the shopping list gets.
 */
export const INVENTORY_UNITS: readonly string[] = [
  'item',
  'kg',
  'g',
  'L',
  'ml',
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
  'pint',
  'other',
]

export const DEFAULT_UNIT = 'item'

/** The dropdown's units: the fixed list, plus a stored unit not on it (so editing keeps it). */
export function unitOptions(current: string | null | undefined): string[] {
  const units = [...INVENTORY_UNITS]
  if (current && !units.includes(current)) units.push(current)
  return units
}

/** Units written the same for one or many: measures, and names already plural. */
const SAME_IN_PLURAL = new Set(['kg', 'g', 'L', 'ml', 'dozen', 'pieces'])
const IRREGULAR_PLURALS: Record<string, string> = { loaf: 'loaves', box: 'boxes', bunch: 'bunches' }

/**
 * A count with its unit as people say it: '1 tin', '4 tins', '2 loaves', '500 g', '3 items'.
 * 'other' (or no unit) is just the number. A unit of the user's own is kept as typed.
 */
export function unitCount(count: number, unit: string | null | undefined): string {
  const u = (unit ?? '').trim()
  if (u === '' || u === 'other') return String(count)
  if (count === 1) return `1 ${u === 'pieces' ? 'piece' : u}`
  if (SAME_IN_PLURAL.has(u) || !INVENTORY_UNITS.includes(u)) return `${count} ${u}`
  return `${count} ${IRREGULAR_PLURALS[u] ?? `${u}s`}`
}
