import { SimpleGrid, Stack } from '@chakra-ui/react'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import type { BreakdownLine, ReportSummary } from '../api/types'
import { breakdownRows, countText, netLabel, reportFigures, transferLegsText } from '../lib/figures'
import { BreakdownTable } from './breakdown-table'
import { ReportTile } from './report-tile'

type ReportFiguresProps = {
  summary: ReportSummary
  breakdown: { income: BreakdownLine[]; expenses: BreakdownLine[] }
  /** 'March 2026', or '2026' for the whole year. */
  periodText: string
}

/** A period's four tiles and its Income / Expenses by Category tables: a month's or a year's. */
export function ReportFigures({ summary, breakdown, periodText }: ReportFiguresProps) {
  const figures = reportFigures(summary)
  const net = netLabel(figures.netPence)
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
        <ReportTile
          label="Total Income"
          value={formatMoney(figures.incomePence)}
          help={countText(figures.incomeCount)}
          color="fg.success"
        />
        <ReportTile
          label="Total Expenses"
          value={formatMoney(figures.expensesPence)}
          help={countText(figures.expenseCount)}
          color="fg.error"
        />
        <ReportTile
          label="Net Amount"
          value={formatSignedMoney(figures.netPence)}
          color={net === 'Deficit' ? 'fg.error' : net === 'Surplus' ? 'fg.success' : undefined}
          badge={net ? { text: net, palette: net === 'Deficit' ? 'red' : 'green' } : undefined}
          help={`Balance ${formatMoney(figures.openingPence)} → ${formatMoney(figures.closingPence)}`}
        />
        <ReportTile
          label="Total Transactions"
          value={String(figures.totalTransactions)}
          help={transferLegsText(figures.transferLegCount) ?? periodText}
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '6' }}>
        <BreakdownTable
          title="Income by Category"
          rows={breakdownRows(breakdown.income)}
          emptyText={`No income in ${periodText}`}
        />
        <BreakdownTable
          title="Expenses by Category"
          rows={breakdownRows(breakdown.expenses)}
          emptyText={`No expenses in ${periodText}`}
        />
      </SimpleGrid>
    </Stack>
  )
}
