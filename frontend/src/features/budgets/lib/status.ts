/** Budget status labels and colours: good below 80 % used, warning to 100 %, over budget above. */

const LABELS: Record<string, string> = {
  good: 'On Track',
  warning: 'Warning',
  over_budget: 'Over Budget',
  no_budget: 'No Budget',
}

const PALETTES: Record<string, string> = {
  good: 'green',
  warning: 'orange',
  over_budget: 'red',
  no_budget: 'gray',
}

/** good → On Track, warning → Warning, over_budget → Over Budget, no_budget → No Budget, else Unknown. */
export function budgetStatusLabel(status: string | null | undefined): string {
  return (status && LABELS[status]) || 'Unknown'
}

/** The Chakra colour palette of a status (grey when unknown). */
export function budgetStatusPalette(status: string | null | undefined): string {
  return (status && PALETTES[status]) || 'gray'
}
