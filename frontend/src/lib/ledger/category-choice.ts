/**
 * The categories an income or expense form offers: `shown` (the list for its type), with the
 * stored choice put first when `shown` leaves it out, so editing never loses it.
 */
export function withChosenCategory<C extends { _id: string }>(shown: C[], all: readonly C[], chosenId: string): C[] {
  const current = all.find((c) => c._id === chosenId)
  return current && !shown.includes(current) ? [current, ...shown] : shown
}
