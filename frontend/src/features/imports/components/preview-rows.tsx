import { Badge, Box, Flex, Stack, Table, Text } from '@chakra-ui/react'
import { AmountText } from '@/components/amount-text'
import { formatDate } from '@/lib/format'
import type { PreviewRow } from '../api/types'
import { PREVIEW_ROW_LIMIT } from '../lib/labels'

type PreviewRowsProps = {
  rows: PreviewRow[]
  /** A table from the medium breakpoint up, cards below it (no sideways scroll on a phone). */
  wide: boolean
}

const ALREADY_THERE = 'Already there'

/**
 * The statement's rows as they would be stored: date, description, category and signed amount.
 * Rows the account already has are greyed and marked 'Already there'. At most PREVIEW_ROW_LIMIT
 * rows are drawn, then 'and N more'.
 */
export function PreviewRows({ rows, wide }: PreviewRowsProps) {
  const shown = rows.slice(0, PREVIEW_ROW_LIMIT)
  const more = rows.length - shown.length
  return (
    <Stack gap="2">
      {wide ? <RowsTable rows={shown} /> : <RowCards rows={shown} />}
      {more > 0 ? (
        <Text color="fg.muted" fontSize="sm" textAlign="center" data-testid="more-rows">
          and {more.toLocaleString('en-GB')} more
        </Text>
      ) : null}
    </Stack>
  )
}

function RowsTable({ rows }: { rows: PreviewRow[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg" maxH="xl" overflowY="auto">
      <Table.Root size="sm" stickyHeader aria-label="Statement rows">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Category</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row
              key={row.line}
              data-testid="preview-row"
              data-duplicate={row.duplicate ? '' : undefined}
              color={row.duplicate ? 'fg.muted' : undefined}
              bg={row.duplicate ? 'bg.muted' : undefined}
            >
              <Table.Cell whiteSpace="nowrap">{formatDate(row.date)}</Table.Cell>
              <Table.Cell>
                <Flex gap="2" align="center" wrap="wrap">
                  <Text as="span">{row.description}</Text>
                  {row.duplicate ? <DuplicateBadge /> : null}
                </Flex>
              </Table.Cell>
              <Table.Cell>{row.category}</Table.Cell>
              <Table.Cell textAlign="end">
                <AmountText amount={row.amount} {...(row.duplicate ? { color: 'fg.muted' } : {})} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

function RowCards({ rows }: { rows: PreviewRow[] }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Statement rows">
      {rows.map((row) => (
        <Box
          as="li"
          key={row.line}
          data-testid="preview-row"
          data-duplicate={row.duplicate ? '' : undefined}
          borderWidth="1px"
          borderRadius="md"
          bg={row.duplicate ? 'bg.muted' : 'bg'}
          color={row.duplicate ? 'fg.muted' : undefined}
          px="3"
          py="2"
        >
          <Flex justify="space-between" gap="3" align="flex-start">
            <Text fontWeight="medium" minW="0" wordBreak="break-word">
              {row.description}
            </Text>
            <AmountText amount={row.amount} {...(row.duplicate ? { color: 'fg.muted' } : {})} />
          </Flex>
          <Flex justify="space-between" gap="3" fontSize="sm" mt="1" wrap="wrap">
            <Text color={row.duplicate ? undefined : 'fg.muted'}>
              {formatDate(row.date)} · {row.category}
            </Text>
            {row.duplicate ? <DuplicateBadge /> : null}
          </Flex>
        </Box>
      ))}
    </Stack>
  )
}

function DuplicateBadge() {
  return (
    <Badge size="sm" variant="outline" colorPalette="gray">
      {ALREADY_THERE}
    </Badge>
  )
}
