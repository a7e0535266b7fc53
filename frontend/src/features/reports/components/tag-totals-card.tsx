import { Card, Heading, Table, Text } from '@chakra-ui/react'
import { TagChip } from '@/components/tag-chip'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { MonthlyReport } from '../api/types'

/** The month's tags: what the rows carrying each came to (a row with two tags counts in both). */
export function TagTotalsCard({ report, periodText }: { report: MonthlyReport; periodText: string }) {
  const tags = report.tags ?? []
  if (tags.length === 0) return null
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          By Tag
        </Heading>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '3', md: '6' }}>
        <Table.Root size="sm" aria-label={`Tags in ${periodText}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Tag</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Spent</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Income</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" hideBelow="sm">
                Transactions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {tags.map((t) => (
              <Table.Row key={t._id}>
                <Table.Cell maxW="40">
                  <TagChip name={t.name} color={t.color} />
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatMoney(Math.abs(toPence(t.expenses)))}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatMoney(toPence(t.income))}
                </Table.Cell>
                <Table.Cell textAlign="end" hideBelow="sm">
                  <Text as="span">{t.transactionCount}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  )
}
