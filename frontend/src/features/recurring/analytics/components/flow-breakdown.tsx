import { Badge, Box, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { FlowLine } from '../api/types'
import { flowTypePalette } from '../lib/analytics'
import { FlowIcon } from './flow-icon'

/** Tint of a line's icon by its type (the breakdown carries no category colour). */
const TYPE_TINT: Record<string, string> = { Income: '#16a34a', Expense: '#dc2626', Transfer: '#2563eb' }

const amountColor = (type: string) => (type === 'Income' ? 'fg.success' : type === 'Expense' ? 'fg.error' : undefined)

const transactionsText = (count: number) => `${count} transaction${count === 1 ? '' : 's'}`

function TypeBadge({ type }: { type: string }) {
  return (
    <Badge colorPalette={flowTypePalette(type)} variant="subtle">
      {type}
    </Badge>
  )
}

const lineKey = (line: FlowLine, i: number) => `${line.type}-${line.name}-${i}`

const COLUMNS: ResponsiveColumn<FlowLine>[] = [
  {
    header: 'Category',
    cell: (line) => (
      <HStack gap="2">
        <FlowIcon icon={line.icon} color={TYPE_TINT[line.type]} />
        <Text>{line.name}</Text>
      </HStack>
    ),
  },
  {
    header: 'Amount',
    end: true,
    nowrap: true,
    color: (line) => amountColor(line.type),
    cell: (line) => formatMoney(toPence(line.amount)),
  },
  { header: 'Transactions', end: true, cell: (line) => line.count },
  { header: 'Type', cell: (line) => <TypeBadge type={line.type} /> },
]

function LineCard({ line }: { line: FlowLine }) {
  return (
    <Flex justify="space-between" align="center" gap="2">
      <HStack gap="2" minW="0">
        <FlowIcon icon={line.icon} color={TYPE_TINT[line.type]} />
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {line.name}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {transactionsText(line.count)}
          </Text>
        </Box>
      </HStack>
      <Stack gap="1" align="flex-end" flexShrink={0}>
        <Text fontWeight="semibold" color={amountColor(line.type)}>
          {formatMoney(toPence(line.amount))}
        </Text>
        <TypeBadge type={line.type} />
      </Stack>
    </Flex>
  )
}

/** A month's lines: Category, Amount, Transactions, Type; a table on wide screens, cards on phones. */
export function FlowBreakdown({ lines, asTable }: { lines: FlowLine[]; asTable: boolean }) {
  return (
    <ResponsiveTable
      rows={lines}
      rowKey={lineKey}
      label="Category Breakdown"
      asTable={asTable}
      columns={COLUMNS}
      card={(line) => <LineCard line={line} />}
      empty="No recurring transactions in this month"
    />
  )
}
