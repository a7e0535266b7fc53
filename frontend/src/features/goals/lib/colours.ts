/** The 15 colours a goal may take, with the names the picker reads out. */
export const GOAL_COLOURS: readonly { hex: string; name: string }[] = [
  { hex: '#3B82F6', name: 'Blue' },
  { hex: '#0EA5E9', name: 'Sky' },
  { hex: '#10B981', name: 'Emerald' },
  { hex: '#22C55E', name: 'Green' },
  { hex: '#84CC16', name: 'Lime' },
  { hex: '#EAB308', name: 'Yellow' },
  { hex: '#F59E0B', name: 'Amber' },
  { hex: '#F97316', name: 'Orange' },
  { hex: '#EF4444', name: 'Red' },
  { hex: '#EC4899', name: 'Pink' },
  { hex: '#A855F7', name: 'Purple' },
  { hex: '#6366F1', name: 'Indigo' },
  { hex: '#14B8A6', name: 'Teal' },
  { hex: '#64748B', name: 'Slate' },
  { hex: '#78716C', name: 'Stone' },
]

/** Whether two colours are the same, ignoring the case of the hex digits. */
export function sameColour(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
