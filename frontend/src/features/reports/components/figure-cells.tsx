import { SimpleGrid, Skeleton, Stack, Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { formatMoney, formatSignedMoney } from '@/lib/format'

/** A month's income (green) or expenses (red) in a table, muted when nothing. */
export function FlowCell({ pence, kind }: { pence: number; kind: 'income' | 'expenses' }) {
  const colour = pence > 0 ? (kind === 'income' ? 'fg.success' : 'fg.error') : 'fg.muted'
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap" color={colour}>
      {formatMoney(pence)}
    </Table.Cell>
  )
}

/** A month's net in a table: signed, green above zero, red below. */
export function NetCell({ pence }: { pence: number }) {
  return (
    <Table.Cell
      textAlign="end"
      whiteSpace="nowrap"
      fontWeight="semibold"
      color={pence < 0 ? 'fg.error' : pence > 0 ? 'fg.success' : 'fg.muted'}
    >
      {formatSignedMoney(pence)}
    </Table.Cell>
  )
}

/** A report's place while it loads: its four tiles and a table. */
export function ReportSkeleton() {
  return (
    <Stack gap="4" role="status" aria-label="Loading report">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="24" borderRadius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton height="48" borderRadius="lg" />
    </Stack>
  )
}

/**
 * A table of months with their income, expenses and net (the year's, the tax year's): four
 * columns that fit a phone, with short figures and tight cells; on a screen too narrow still, it
 * scrolls sideways and can be reached and scrolled with the keyboard.
 */
export function MonthFlowsTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollArea tabIndex={0} role="region" aria-label={label}>
      <Table.Root
        size="sm"
        fontSize={{ base: 'xs', md: 'sm' }}
        css={{ '& th, & td': { paddingInline: { base: '1.5', md: '2' } } }}
        aria-label={label}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Month</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Income</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Expenses</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Net</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}
