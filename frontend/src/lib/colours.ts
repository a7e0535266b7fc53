/**
 * The 16 colours of the category picker (spec doc 1: a palette of 16 hex colours), with the
 * names a swatch is announced and titled by: Material Design's own names for these shades.
 */
export const CATEGORY_COLOURS = [
  { hex: '#F44336', name: 'Red' },
  { hex: '#E91E63', name: 'Pink' },
  { hex: '#9C27B0', name: 'Purple' },
  { hex: '#673AB7', name: 'Deep Purple' },
  { hex: '#3F51B5', name: 'Indigo' },
  { hex: '#2196F3', name: 'Blue' },
  { hex: '#03A9F4', name: 'Light Blue' },
  { hex: '#00BCD4', name: 'Cyan' },
  { hex: '#009688', name: 'Teal' },
  { hex: '#4CAF50', name: 'Green' },
  { hex: '#8BC34A', name: 'Light Green' },
  { hex: '#CDDC39', name: 'Lime' },
  { hex: '#FFC107', name: 'Amber' },
  { hex: '#FF9800', name: 'Orange' },
  { hex: '#FF5722', name: 'Deep Orange' },
  { hex: '#795548', name: 'Brown' },
] as const

/** The palette's hex codes, as the API stores them. */
export const CATEGORY_COLORS: readonly string[] = CATEGORY_COLOURS.map((c) => c.hex)

/** A palette colour's name ('#f44336' → 'Red', any case); a colour off the palette has none. */
export function colourName(hex: string | null | undefined): string | null {
  const wanted = (hex ?? '').toUpperCase()
  return CATEGORY_COLOURS.find((c) => c.hex === wanted)?.name ?? null
}
