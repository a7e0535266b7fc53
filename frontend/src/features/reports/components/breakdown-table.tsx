import { Box, Card, Heading, HStack, Table, Text } from '@chakra-ui/react'
import { formatMoney } from '@/lib/format'
import type { BreakdownRow } from '../lib/figures'

type BreakdownTableProps = {
  title: string
  rows: BreakdownRow[]
  emptyText: string
}

/** Income by Category / Expenses by Category: category with its colour, amount and share. */
export function BreakdownTable({ title, rows, emptyText }: BreakdownTableProps) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="0" px={{ base: '2', md: '4' }}>
        {rows.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" px="2">
            {emptyText}
          </Text>
        ) : (
          <Table.Root size="sm" aria-label={title}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Category</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">%</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.name}>
                  <Table.Cell>
                    <HStack gap="2">
                      <Box
                        boxSize="2.5"
                        rounded="full"
                        flexShrink={0}
                        style={{ backgroundColor: r.color }}
                        aria-hidden="true"
                      />
                      <Text truncate>{r.name}</Text>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {formatMoney(r.pence)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" color="fg.muted">
                    {r.percent}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  )
}
