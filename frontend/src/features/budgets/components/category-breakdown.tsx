import { Badge, Box, Flex, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react'
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

/** A month's categories: Category, Budgeted, Spent, Difference, Progress, Status. */
export function CategoryBreakdownTable({ lines, asTable }: { lines: CategoryBreakdown[]; asTable: boolean }) {
  const rows = rowsOf(lines)
  if (rows.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="6">
        No categories in this month
      </Text>
    )
  }
  if (!asTable) {
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Category Breakdown">
        {rows.map((row) => (
          <Box as="li" key={row.key} borderWidth="1px" borderRadius="md" p="3" data-testid="breakdown-row">
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
          </Box>
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label="Category Breakdown">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Category</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Budgeted</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Spent</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Difference</Table.ColumnHeader>
            <Table.ColumnHeader>Progress</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key} data-testid="breakdown-row">
              <Table.Cell>
                <HStack gap="2">
                  <CategoryDot color={row.color} />
                  <Text>{row.name}</Text>
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {money(row.budgeted)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {formatMoney(row.spent)}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" color={differenceColor(row)}>
                {row.budgeted === null ? '—' : formatMoney(row.difference)}
              </Table.Cell>
              <Table.Cell>
                <ProgressCell row={row} />
              </Table.Cell>
              <Table.Cell>
                <StatusBadge status={row.status} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
