/** The Chakra palette of a goal's progress bar: success from 75 %, warning from 50 %, primary below. */
export function progressPalette(percent: number): 'green' | 'orange' | 'teal' {
  if (percent >= 75) return 'green'
  if (percent >= 50) return 'orange'
  return 'teal'
}

/** The encouraging line under a goal's bar (spec doc 2 §4, with our own words where it shows none). */
export function progressMessage(percent: number, completed: boolean): string {
  if (completed) return 'Congratulations! Goal achieved!'
  if (percent >= 90) return 'Almost there! Just a little more to go.'
  if (percent >= 75) return 'Great progress! You are three quarters of the way.'
  if (percent >= 50) return 'Halfway there! Keep it up.'
  if (percent >= 25) return 'Good start! Keep saving.'
  return "Let's get started on this goal!"
}

/** A percentage with one decimal: 42.25 → '42.3%'. */
export function percentText(percent: number): string {
  return `${percent.toFixed(1)}%`
}
