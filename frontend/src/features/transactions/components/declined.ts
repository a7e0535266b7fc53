/** How far a declined transaction's text fades; its Edit and Delete buttons keep full contrast. */
export const DECLINED_OPACITY = 0.6

/** Style props for the dimmed parts of a declined row, marked `data-dimmed` for tests. */
export function dimmedWhen(declined: boolean) {
  return declined ? { opacity: DECLINED_OPACITY, 'data-dimmed': '' } : {}
}
