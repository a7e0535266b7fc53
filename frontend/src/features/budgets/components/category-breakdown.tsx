import { Badge, Flex, HStack, Progress, Text } from '@chakra-ui/react'
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { CategoryBreakdown } from '../api/types'
import { cappedPercent, percentText } from '../lib/figures'
import { budgetStatusLabel, budgetStatusPalette } from '../lib/status'
import { CategoryDot } from './category-dot'

type Row = {
  key: string
  name: string
  color: string
  budgeted: number | null
  spent: number
  difference: number
  percentage: number
  status: string
}

function rowsOf(lines: CategoryBreakdown[]): Row[] {
  return lines.map((l, i) => ({
    key: l.categoryId ?? `${l.categoryName}-${i}`,
    name: l.categoryName,
    color: l.categoryColor,
    budgeted: l.budgeted == null ? null : toPence(l.budgeted),
    spent: toPence(l.spent),
    difference: toPence(l.difference),
    percentage: l.percentageUsed,
    status: l.status,
  }))
}

function ProgressCell({ row }: { row: Row }) {
  if (row.budgeted === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        No budget
      </Text>
    )
  }
  return (
    <HStack gap="2" minW="32">
      <Progress.Root value={cappedPercent(row.percentage)} max={100} size="sm" flex="1" colorPalette={budgetStatusPalette(row.status)}>
        <Progress.Track borderRadius="full" aria-label={`${row.name} budget used`}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="fg.muted" w="12" textAlign="end">
        {percentText(row.percentage)}
      </Text>
    </HStack>
  )
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={budgetStatusPalette(status)} variant="subtle">
      {budgetStatusLabel(status)}
    </Badge>
  )
}

const money = (pence: number | null) => (pence === null ? '—' : formatMoney(pence))
const differenceColor = (row: Row) => (row.budgeted === null ? 'fg.muted' : row.difference < 0 ? 'fg.error' : 'fg.success')

const COLUMNS: ResponsiveColumn<Row>[] = [
  {
    header: 'Category',
    cell: (row) => (
      <HStack gap="2">
        <CategoryDot color={row.color} />
        <Text>{row.name}</Text>
      </HStack>
    ),
  },
  { header: 'Budgeted', end: true, nowrap: true, cell: (row) => money(row.budgeted) },
  { header: 'Spent', end: true, nowrap: true, cell: (row) => formatMoney(row.spent) },
  {
    header: 'Difference',
    end: true,
    nowrap: true,
    color: differenceColor,
    cell: (row) => (row.budgeted === null ? '—' : formatMoney(row.difference)),
  },
  { header: 'Progress', cell: (row) => <ProgressCell row={row} /> },
  { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
]

function RowCard({ row }: { row: Row }) {
  return (
    <>
      <Flex justify="space-between" align="center" gap="2" mb="2">
        <HStack gap="2" minW="0">
          <CategoryDot color={row.color} />
          <Text fontWeight="semibold" truncate>
            {row.name}
          </Text>
        </HStack>
        <StatusBadge status={row.status} />
      </Flex>
      <ProgressCell row={row} />
      <Flex justify="space-between" fontSize="sm" mt="2" gap="2">
        <Text>
          {formatMoney(row.spent)} / {money(row.budgeted)}
        </Text>
        <Text color={differenceColor(row)}>{row.budgeted === null ? '' : formatMoney(row.difference)}</Text>
      </Flex>
    </>
  )
}

/** A month's categories: Category, Budgeted, Spent, Difference, Progress, Status. */
export function CategoryBreakdownTable({ lines, asTable }: { lines: CategoryBreakdown[]; asTable: boolean }) {
  return (
    <ResponsiveTable
      rows={rowsOf(lines)}
      rowKey={(row) => row.key}
      label="Category Breakdown"
      asTable={asTable}
      columns={COLUMNS}
      card={(row) => <RowCard row={row} />}
      empty="No categories in this month"
    />
  )
}
