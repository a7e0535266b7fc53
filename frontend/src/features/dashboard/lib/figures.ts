/**
 * The dashboard's figures in integer pence, computed from the wire's pounds once
 *.
 */
import { toPence } from '@/lib/money'
import type { ChartSlice, DashboardSummary } from '../api/types'

export type MonthFigures = {
  incomePence: number
  /** Positive. */
  expensesPence: number
  /** Income minus expenses, signed. */
  balancePence: number
  count: number
}

export function monthFigures(summary: DashboardSummary): MonthFigures {
  return {
    incomePence: toPence(summary.totalIncome),
    expensesPence: toPence(summary.totalExpenses),
    balancePence: toPence(summary.balance),
    count: summary.transactionCount,
  }
}

/**
 * Financial Overview: (income + expenses) / count, rounded to the penny; null
 * when there are no transactions (the figure is then not shown).
 */
export function averagePerTransaction(f: MonthFigures): number | null {
  if (f.count <= 0) return null
  return Math.round((f.incomePence + f.expensesPence) / f.count)
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
