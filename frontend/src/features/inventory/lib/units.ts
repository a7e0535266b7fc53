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
