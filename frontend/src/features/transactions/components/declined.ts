/**
 * Style props for the dimmed parts of a declined row, marked `data-dimmed` for tests. The text
 * turns fg.muted and colours drain to grey rather than fading with opacity, which would take the
 * red and green amounts and badges below WCAG AA (4.5:1); its Edit and Delete buttons and the
 * Declined label keep their colour.
 */
export function dimmedWhen(declined: boolean) {
  return declined ? { color: 'fg.muted', filter: 'grayscale(1)', 'data-dimmed': '' } : {}
}
