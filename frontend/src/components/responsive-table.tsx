import { Box, Stack, Table, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** One column of the wide-screen table. */
export type ResponsiveColumn<Row> = {
  header: string
  cell: (row: Row) => ReactNode
  /** Right-aligned, header and cells (amounts, counts). */
  end?: boolean
  /** Cells never wrap (amounts). */
  nowrap?: boolean
  /** A cell's text colour (gains and losses). */
  color?: (row: Row) => string | undefined
}

type ResponsiveTableProps<Row> = {
  rows: Row[]
  rowKey: (row: Row, index: number) => string
  /** The accessible name of the table and of the card list. */
  label: string
  /** A table on wide screens; else a list of cards. */
  asTable: boolean
  columns: ResponsiveColumn<Row>[]
  /** A row's card on narrow screens. */
  card: (row: Row) => ReactNode
  /** Said instead when there are no rows. */
  empty: string
}

/**
 * Rows shown as a table on wide screens and as a list of cards on phones, each row
 * (`data-testid="breakdown-row"`) in either; a line of text when there are none.
 */
export function ResponsiveTable<Row>({ rows, rowKey, label, asTable, columns, card, empty }: ResponsiveTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="6">
        {empty}
      </Text>
    )
  }
  if (!asTable) {
    return (
      <Stack as="ul" gap="2" listStyleType="none" aria-label={label}>
        {rows.map((row, i) => (
          <Box as="li" key={rowKey(row, i)} borderWidth="1px" borderRadius="md" p="3" data-testid="breakdown-row">
            {card(row)}
          </Box>
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.end ? 'end' : undefined}>
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={rowKey(row, i)} data-testid="breakdown-row">
              {columns.map((c) => (
                <Table.Cell
                  key={c.header}
                  textAlign={c.end ? 'end' : undefined}
                  whiteSpace={c.nowrap ? 'nowrap' : undefined}
                  color={c.color?.(row)}
                >
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
