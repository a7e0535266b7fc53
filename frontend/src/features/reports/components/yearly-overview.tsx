import { Box, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { useYearlyReport } from '../api/get-yearly-report'
import { yearBars } from '../lib/figures'

const YearlyChart = lazy(() => import('./yearly-chart'))

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <HStack gap="1.5" fontSize="sm">
      <Box boxSize="2.5" rounded="sm" style={{ backgroundColor: color }} />
      <Text>{label}</Text>
    </HStack>
  )
}

/** The selected year month by month: income against expenses, and the year's totals. */
export function YearlyOverview({ year, accountId, compact }: { year: number; accountId: string; compact: boolean }) {
  const yearly = useYearlyReport(year, accountId)
  const total = yearly.data?.total
  const bars = yearly.data ? yearBars(yearly.data.months) : []
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Flex align="center" justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            Yearly Overview {year}
          </Heading>
          <HStack gap="4">
            <Legend color="#16a34a" label="Income" />
            <Legend color="#dc2626" label="Expenses" />
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        {yearly.isPending ? (
          <Skeleton height={{ base: '260px', md: '320px' }} role="status" aria-label="Loading yearly overview" />
        ) : yearly.isError ? (
          // The page's one load alert says why, with Retry.
          <Text color="fg.muted" textAlign="center" py="10">
            The yearly overview is not available right now.
          </Text>
        ) : (
          <>
            {bars.some((b) => b.Income > 0 || b.Expenses > 0) ? (
              <Suspense fallback={<Skeleton height={{ base: '260px', md: '320px' }} />}>
                <YearlyChart bars={bars} label={`Income and expenses by month in ${year}`} compact={compact} />
              </Suspense>
            ) : (
              <Text color="fg.muted" textAlign="center" py="10">
                No income or expenses in {year}
              </Text>
            )}
            {total ? (
              <SimpleGrid columns={3} gap="2" mt="4" textAlign="center">
                <Box>
                  <Text fontSize="xs" color="fg.muted">
                    Year Income
                  </Text>
                  <Text fontWeight="semibold" fontSize={{ base: 'sm', md: 'md' }} whiteSpace="nowrap" color="fg.success" data-testid="year-income">
                    {formatMoney(toPence(total.income))}
                  </Text>
                </Box>
                <Box>
                  <Text fontSize="xs" color="fg.muted">
                    Year Expenses
                  </Text>
                  <Text fontWeight="semibold" fontSize={{ base: 'sm', md: 'md' }} whiteSpace="nowrap" color="fg.error" data-testid="year-expenses">
                    {formatMoney(toPence(total.expenses))}
                  </Text>
                </Box>
                <Box>
                  <Text fontSize="xs" color="fg.muted">
                    Year Net
                  </Text>
                  <Text
                    fontWeight="semibold"
                    fontSize={{ base: 'sm', md: 'md' }}
                    whiteSpace="nowrap"
                    color={toPence(total.net) < 0 ? 'fg.error' : 'fg.success'}
                    data-testid="year-net"
                  >
                    {formatSignedMoney(toPence(total.net))}
                  </Text>
                </Box>
              </SimpleGrid>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card.Root>
  )
}
