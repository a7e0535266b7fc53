import { CalendarDays, CalendarRange, Repeat, type LucideIcon } from 'lucide-react'
import type { Frequency } from '../api/types'

/** In the order the form offers them. */
export const FREQUENCIES: readonly Frequency[] = ['weekly', 'monthly', 'yearly']

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
}

/** The icon on a template card: a repeat arrow for weekly, a month sheet, a range for yearly. */
export const FREQUENCY_ICONS: Record<Frequency, LucideIcon> = {
  weekly: Repeat,
  monthly: CalendarDays,
  yearly: CalendarRange,
}

export function isFrequency(value: string): value is Frequency {
  return (FREQUENCIES as readonly string[]).includes(value)
}

/** 'monthly' → 'Monthly'; an unknown value as it is. */
export function frequencyLabel(frequency: string): string {
  return isFrequency(frequency) ? FREQUENCY_LABELS[frequency] : frequency
}

/** How many times a year each frequency falls: weekly every 7 days is 52 (spec doc 2 §9). */
export const TIMES_A_YEAR: Record<Frequency, number> = { weekly: 52, monthly: 12, yearly: 1 }
