import { Badge, Box, Button, ButtonGroup, Card, Flex, Heading, SimpleGrid, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { MonthlyReport } from '../api/types'

type Line = MonthlyReport['largestChanges'][number]

/** '+12.5%', '-40.0%', or 'new' when nothing was spent then. */
function changeText(line: Line): string {
  if (line.changePercent === null || line.changePercent === undefined) return 'new'
  const sign = line.changePercent > 0 ? '+' : ''
  return `${sign}${line.changePercent.toFixed(1)}%`
}

/** More spent is red, less green: spending is what is compared. */
function changeColour(pence: number): string | undefined {
  return pence > 0 ? 'fg.error' : pence < 0 ? 'fg.success' : undefined
}

type ComparisonCardProps = {
  report: MonthlyReport
  /** 'June 2026'. */
  periodText: string
}

/**
 * Spending by category this month against last month or the same month last year, the five
 * largest changes against last month called out first.
 */
export function ComparisonCard({ report, periodText }: ComparisonCardProps) {
  const [against, setAgainst] = useState<'previousMonth' | 'sameMonthLastYear'>('previousMonth')
  const lines = report.comparison[against]
  const thenLabel = against === 'previousMonth' ? 'Last month' : 'A year ago'
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Spending Compared
        </Heading>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '3', md: '6' }}>
        {report.largestChanges.length > 0 ? (
          <Box mb="4">
            <Text fontWeight="semibold" mb="2">
              Largest changes since last month
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="2" role="list" aria-label="Largest changes since last month">
              {report.largestChanges.map((l) => {
                const change = toPence(l.change)
                return (
                  <Box key={l.categoryId} role="listitem" borderWidth="1px" borderRadius="md" p="2" bg="bg.subtle">
                    <Text fontSize="sm" truncate>
                      {l.name}
                    </Text>
                    <Flex align="baseline" gap="2" wrap="wrap">
                      <Text fontWeight="bold" color={changeColour(change)}>
                        {formatSignedMoney(change)}
                      </Text>
                      <Badge colorPalette={change > 0 ? 'red' : 'green'} variant="subtle">
                        {changeText(l)}
                      </Badge>
                    </Flex>
                  </Box>
                )
              })}
            </SimpleGrid>
          </Box>
        ) : null}
        <ButtonGroup size="sm" variant="outline" attached mb="3" role="group" aria-label="Compare with">
          <Button aria-pressed={against === 'previousMonth'} variant={against === 'previousMonth' ? 'solid' : 'outline'} onClick={() => setAgainst('previousMonth')}>
            Last month
          </Button>
          <Button aria-pressed={against === 'sameMonthLastYear'} variant={against === 'sameMonthLastYear' ? 'solid' : 'outline'} onClick={() => setAgainst('sameMonthLastYear')}>
            Same month last year
          </Button>
        </ButtonGroup>
        {lines.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="4">
            No spending to compare
          </Text>
        ) : (
          <Table.ScrollArea tabIndex={0} role="region" aria-label="Spending compared">
            <Table.Root size="sm" fontSize={{ base: 'xs', md: 'sm' }} aria-label={`Spending in ${periodText} against ${thenLabel.toLowerCase()}`}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Category</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">This month</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{thenLabel}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Change</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {lines.map((l) => {
                  const change = toPence(l.change)
                  return (
                    <Table.Row key={l.categoryId}>
                      <Table.Cell>{l.name}</Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {formatMoney(toPence(l.thisMonth))}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {formatMoney(toPence(l.then))}
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap" color={changeColour(change)}>
                        {formatSignedMoney(change)} ({changeText(l)})
                      </Table.Cell>
                    </Table.Row>
                  )
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  )
}
