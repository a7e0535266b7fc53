/** The dashboard's figures in integer pence, computed from the wire's pounds once. */
import { toPence } from '@/lib/money'
import type { ChartSlice, DashboardSummary } from '../api/types'

export type MonthFigures = {
  incomePence: number
  /** Positive. */
  expensesPence: number
  /** Income minus expenses, signed. */
  balancePence: number
  count: number
  incomeCount: number
  expenseCount: number
}

export function monthFigures(summary: DashboardSummary): MonthFigures {
  return {
    incomePence: toPence(summary.totalIncome),
    expensesPence: toPence(summary.totalExpenses),
    balancePence: toPence(summary.balance),
    count: summary.transactionCount,
    incomeCount: summary.incomeCount,
    expenseCount: summary.expenseCount,
  }
}

/**
 * Financial Overview's 'Average Spend': the month's spending per spending transaction,
 * rounded to the penny; null before the month's first one (the figure is then not shown).
 * Income is never averaged in: a salary is not a purchase.
 */
export function averageSpend(f: MonthFigures): number | null {
  if (f.expenseCount <= 0) return null
  return Math.round(f.expensesPence / f.expenseCount)
}

/** 'Spent per Day': the month's spending over its days so far (today included), to the penny. */
export function spendPerDay(f: MonthFigures, dayOfMonth: number): number {
  return Math.round(f.expensesPence / Math.max(1, dayOfMonth))
}

/**
 * 'Kept of Income': the share of the month's income not spent (the balance over the income),
 * one decimal, negative when spending is above income; null without income.
 */
export function keptOfIncome(f: MonthFigures): string | null {
  if (f.incomePence <= 0) return null
  const tenths = Math.round((f.balancePence * 1000) / f.incomePence)
  return `${(tenths / 10).toFixed(1)}%`
}

/**
 * `part` as a percentage of `total` with one decimal ('12.5%'), computed on
 * integers; '0.0%' when the total is not positive.
 */
export function percentText(part: number, total: number): string {
  if (total <= 0) return '0.0%'
  const tenths = Math.round((part * 1000) / total)
  return `${(tenths / 10).toFixed(1)}%`
}

export type PieSlice = {
  id: string
  label: string
  /** Pence. */
  value: number
  color: string
  /** One decimal, e.g. '42.1%'. */
  percent: string
}

/** The chart's slices in pence with their share of the total, in the server's order. */
export function pieSlices(data: ChartSlice[]): { slices: PieSlice[]; totalPence: number } {
  const pence = data.map((d) => toPence(d.total))
  const totalPence = pence.reduce((sum, p) => sum + p, 0)
  const slices = data
    .map((d, i) => ({
      id: d.name,
      label: d.name,
      value: pence[i]!,
      color: d.color || '#9E9E9E',
      percent: percentText(pence[i]!, totalPence),
    }))
    .filter((s) => s.value > 0)
  return { slices, totalPence }
}

/** What a masked balance shows instead of the amount. */
export const MASKED_AMOUNT = '••••••'
