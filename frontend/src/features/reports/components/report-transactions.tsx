import { Badge, Box, Flex, Stack, Table, Text } from '@chakra-ui/react'
import { formatDate, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { ReportTransaction } from '../api/types'
import { categoryText, typeText } from '../lib/figures'

type ReportTransactionsProps = {
  transactions: ReportTransaction[]
  /** A table from the medium breakpoint up, a card list below. */
  asTable: boolean
}

function amountColor(pence: number) {
  return pence < 0 ? 'fg.error' : 'fg.success'
}

function TypeBadge({ t }: { t: ReportTransaction }) {
  const palette = t.isTransfer ? 'blue' : t.type === 'income' ? 'green' : 'red'
  return (
    <Badge colorPalette={palette} size="sm" variant="subtle">
      {typeText(t)}
    </Badge>
  )
}

/** The month's transactions: Date, Description, Category or Transfer, Account, Amount, Type. */
export function ReportTransactions({ transactions, asTable }: ReportTransactionsProps) {
  if (!asTable) {
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Report transactions">
        {transactions.map((t, i) => {
          const pence = toPence(t.amount)
          return (
            <Box as="li" key={i} borderWidth="1px" borderRadius="md" p="3" data-testid="report-transaction">
              <Flex justify="space-between" gap="3" align="flex-start">
                <Box minW="0">
                  <Text fontWeight="medium" truncate>
                    {t.description}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDate(t.date)} · {categoryText(t)} · {t.account}
                  </Text>
                </Box>
                <Stack gap="1" align="flex-end" flexShrink={0}>
                  <Text fontWeight="semibold" color={amountColor(pence)}>
                    {formatSignedMoney(pence)}
                  </Text>
                  <TypeBadge t={t} />
                </Stack>
              </Flex>
            </Box>
          )
        })}
      </Stack>
    )
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" interactive aria-label="Report transactions">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Category</Table.ColumnHeader>
            <Table.ColumnHeader>Account</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {transactions.map((t, i) => {
            const pence = toPence(t.amount)
            return (
              <Table.Row key={i} data-testid="report-transaction">
                <Table.Cell whiteSpace="nowrap">{formatDate(t.date)}</Table.Cell>
                <Table.Cell>{t.description}</Table.Cell>
                <Table.Cell>{categoryText(t)}</Table.Cell>
                <Table.Cell>{t.account}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium" color={amountColor(pence)}>
                  {formatSignedMoney(pence)}
                </Table.Cell>
                <Table.Cell>
                  <TypeBadge t={t} />
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
