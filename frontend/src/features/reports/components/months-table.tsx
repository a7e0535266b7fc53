import { Box, Button, Card, Heading, Table } from '@chakra-ui/react'
import { toPence } from '@/lib/money'
import type { MonthFigures } from '../api/types'
import { FlowCell, MonthFlowsTable, NetCell } from './figure-cells'

type MonthsTableProps = {
  year: number
  months: MonthFigures[]
  /** Opens one month's report. */
  onOpenMonth: (month: number) => void
}

/**
 * A whole year's report, month by month: transactions, income, expenses and net of each, a
 * month's name opening its own report (with its transactions).
 */
export function MonthsTable({ year, months, onOpenMonth }: MonthsTableProps) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Month by Month
        </Heading>
      </Card.Header>
      <Card.Body pt="0" px={{ base: '1', md: '4' }}>
        <MonthFlowsTable label={`Month by month in ${year}`}>
          {months.map((m) => {
            const [income, expenses, net] = [toPence(m.income), toPence(m.expenses), toPence(m.net)]
            return (
              <Table.Row key={m.month}>
                <Table.Cell py="0">
                  <Button
                    variant="plain"
                    size="sm"
                    px="0"
                    minH="11"
                    justifyContent="flex-start"
                    fontSize="inherit"
                    color="fg"
                    textDecoration="underline"
                    textUnderlineOffset="3px"
                    onClick={() => onOpenMonth(m.month)}
                    aria-label={`Open the report of ${m.monthName} ${year}`}
                  >
                    <Box as="span" hideBelow="md">
                      {m.monthName}
                    </Box>
                    <Box as="span" hideFrom="md">
                      {m.monthName.slice(0, 3)}
                    </Box>
                  </Button>
                </Table.Cell>
                <FlowCell pence={income} kind="income" />
                <FlowCell pence={expenses} kind="expenses" />
                <NetCell pence={net} />
              </Table.Row>
            )
          })}
        </MonthFlowsTable>
      </Card.Body>
    </Card.Root>
  )
}
