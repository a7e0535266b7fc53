/**
 * The list counts transactions the way every screen does (counted income and expenses); when it
 * also shows transfer legs or declined rows, a caption says how many rows there are in all.
 */
type Counts = { transactionCount: number; transferLegCount: number; declinedCount: number }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** '26 rows incl. 2 transfer legs and 1 declined', or null when every row is a transaction. */
export function rowCountCaption(s: Counts): string | null {
  const extras = [
    s.transferLegCount > 0 ? plural(s.transferLegCount, 'transfer leg', 'transfer legs') : null,
    s.declinedCount > 0 ? `${s.declinedCount} declined` : null,
  ].filter((part): part is string => part !== null)
  if (extras.length === 0) return null
  const rows = s.transactionCount + s.transferLegCount + s.declinedCount
  return `${plural(rows, 'row', 'rows')} incl. ${extras.join(' and ')}`
}
