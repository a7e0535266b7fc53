/** The report's figures in integer pence and its labels (spec 2 'Financial reports'). */
import { toPence } from '@/lib/money'
import type { BreakdownLine, MonthFigures, ReportSummary, ReportTransaction } from '../api/types'

export type ReportFigures = {
  incomePence: number
  /** Positive. */
  expensesPence: number
  /** Signed: income minus expenses. */
  netPence: number
  incomeCount: number
  expenseCount: number
  totalTransactions: number
  /** Listed with the transactions but not counted among them. */
  transferLegCount: number
  openingPence: number
  closingPence: number
}

export function reportFigures(s: ReportSummary): ReportFigures {
  return {
    incomePence: toPence(s.totalIncome),
    expensesPence: toPence(s.totalExpenses),
    netPence: toPence(s.netAmount),
    incomeCount: s.incomeCount,
    expenseCount: s.expenseCount,
    totalTransactions: s.totalTransactions,
    transferLegCount: s.transferLegCount,
    openingPence: toPence(s.openingBalance),
    closingPence: toPence(s.closingBalance),
  }
}

/**
 * Net Amount's label: Surplus above zero, Deficit below; null for exactly zero
 * (no activity, or income equal to expenses), which is neither.
 */
export function netLabel(netPence: number): 'Surplus' | 'Deficit' | null {
  if (netPence > 0) return 'Surplus'
  if (netPence < 0) return 'Deficit'
  return null
}

/** '1 transaction' / '3 transactions'. */
export function countText(count: number): string {
  return `${count} transaction${count === 1 ? '' : 's'}`
}

/**
 * What Total Transactions leaves out, when the month has transfers: '2 transfer legs not
 * counted'; null otherwise.
 */
export function transferLegsText(count: number): string | null {
  if (count <= 0) return null
  return `${count} transfer leg${count === 1 ? '' : 's'} not counted`
}

/** The server's one-decimal percentage as text: 42.5 → '42.5%'. */
export function percentText(percentage: number): string {
  return `${(Math.round(percentage * 10) / 10).toFixed(1)}%`
}

export type BreakdownRow = { name: string; color: string; pence: number; percent: string; count: number }

export function breakdownRows(lines: BreakdownLine[]): BreakdownRow[] {
  return lines.map((l) => ({
    name: l.category.name,
    color: l.category.color || '#9E9E9E',
    pence: toPence(l.total),
    percent: percentText(l.percentage),
    count: l.count,
  }))
}

/** A transaction's category column: its category's name, or 'Transfer'. */
export function categoryText(t: ReportTransaction): string {
  return t.isTransfer ? 'Transfer' : (t.category ?? 'Uncategorised')
}

/** 'income' → 'Income'. */
export function typeText(t: ReportTransaction): string {
  return t.type ? t.type[0]!.toUpperCase() + t.type.slice(1) : ''
}

export type YearBar = { month: string; Income: number; Expenses: number }

/** The yearly chart's bars: each month's income and expenses in pence, 'Jan' to 'Dec'. */
export function yearBars(months: MonthFigures[]): YearBar[] {
  return months.map((m) => ({
    month: m.monthName.slice(0, 3),
    Income: toPence(m.income),
    Expenses: toPence(m.expenses),
  }))
}
