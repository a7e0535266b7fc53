import { Badge, Box, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react'
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

/** A month's lines: Category, Amount, Transactions, Type; a table on wide screens, cards on phones. */
export function FlowBreakdown({ lines, asTable }: { lines: FlowLine[]; asTable: boolean }) {
  if (lines.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="6">
        No recurring transactions in this month
      </Text>
    )
  }
  if (!asTable) {
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Category Breakdown">
        {lines.map((line, i) => (
          <Box as="li" key={`${line.type}-${line.name}-${i}`} borderWidth="1px" borderRadius="md" p="3" data-testid="breakdown-row">
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
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Transactions</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line, i) => (
            <Table.Row key={`${line.type}-${line.name}-${i}`} data-testid="breakdown-row">
              <Table.Cell>
                <HStack gap="2">
                  <FlowIcon icon={line.icon} color={TYPE_TINT[line.type]} />
                  <Text>{line.name}</Text>
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" color={amountColor(line.type)}>
                {formatMoney(toPence(line.amount))}
              </Table.Cell>
              <Table.Cell textAlign="end">{line.count}</Table.Cell>
              <Table.Cell>
                <TypeBadge type={line.type} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
