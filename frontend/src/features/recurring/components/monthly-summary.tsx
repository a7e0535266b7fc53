import { Box, type BoxProps, Button, Flex, Heading, HStack, Icon, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react'
import { ArrowLeftRight, Check, ChevronDown, ChevronUp } from 'lucide-react'
import { useState } from 'react'
import { CategoryIcon } from '@/components/category-icon'
import { formatMoney } from '@/lib/format'
import type { MonthSummary, MonthSummaryItem } from '../api/types'
import { paidAndReceived, receivedText, summaryFigures } from '../lib/summary'
import { amountColor, templateAmountText } from '../lib/template-view'

type MonthlySummaryProps = {
  /** Undefined while loading (a failed call arrives as an empty month). */
  summary: MonthSummary | undefined
  /** Phones: the figures only, the lists behind 'Show details'. */
  condensed: boolean
}

export const NO_RECURRING_THIS_MONTH = 'No recurring transactions this month'

/**
 * This London month's recurring money: Total This Month, Paid This Month and Left count money
 * going out; Received This Month (when the month has income) the income already in; Transactions
 * every occurrence. Below, what is still to come and what the scheduler has already made.
 */
export function MonthlySummary({ summary, condensed }: MonthlySummaryProps) {
  const [detailsOpen, setDetailsOpen] = useState(false)
  const figures = summary ? summaryFigures(summary) : null
  const made = summary ? paidAndReceived(summary) : null
  const showReceived = figures?.hasIncome ?? false
  const showLists = !condensed || detailsOpen

  return (
    <Box
      as="section"
      aria-labelledby="recurring-month-heading"
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id="recurring-month-heading">
            This Month
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {summary?.month.name ?? '\u00a0'}
          </Text>
        </Flex>

        <SimpleGrid columns={{ base: 2, md: showReceived ? 5 : 4 }} gap={{ base: '2', md: '4' }}>
          <Figure label="Total This Month" value={figures ? formatMoney(figures.totalPence) : null} />
          <Figure label="Paid This Month" value={figures ? formatMoney(figures.paidPence) : null} />
          <Figure label="Left" value={figures ? formatMoney(figures.remainingPence) : null} color="orange.fg" />
          {figures && showReceived ? (
            <Figure label="Received This Month" value={formatMoney(figures.receivedPence)} color="fg.success" />
          ) : null}
          <Figure
            label="Transactions"
            value={figures ? String(figures.count) : null}
            gridColumn={showReceived ? { base: 'span 2', md: 'auto' } : undefined}
          />
        </SimpleGrid>

        {summary && figures ? (
          figures.count === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {NO_RECURRING_THIS_MONTH}
            </Text>
          ) : (
            <>
              {condensed ? (
                <Button
                  variant="ghost"
                  size="sm"
                  alignSelf="flex-start"
                  aria-expanded={detailsOpen}
                  aria-controls="recurring-month-lists"
                  onClick={() => setDetailsOpen((open) => !open)}
                >
                  {detailsOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                  {detailsOpen ? 'Hide details' : 'Show details'}
                </Button>
              ) : null}
              {showLists ? (
                <SimpleGrid id="recurring-month-lists" columns={{ base: 1, md: 2 }} gap={{ base: '4', md: '6' }}>
                  <ItemList kind="upcoming" items={summary.upcomingItems} />
                  <Stack gap={{ base: '4', md: '6' }} minW="0">
                    <ItemList kind="paid" items={made?.paid ?? []} />
                    {showReceived ? <ItemList kind="received" items={made?.received ?? []} /> : null}
                  </Stack>
                </SimpleGrid>
              ) : null}
            </>
          )
        ) : null}
      </Stack>
    </Box>
  )
}

type FigureProps = { label: string; value: string | null; color?: string; gridColumn?: BoxProps['gridColumn'] }

function Figure({ label, value, color, gridColumn }: FigureProps) {
  return (
    <Stat.Root minW="0" bg="bg.subtle" borderRadius="md" px="3" py="2" gridColumn={gridColumn}>
      <Stat.Label fontSize="xs">{label}</Stat.Label>
      {value === null ? (
        <Skeleton height="6" width="20" />
      ) : (
        <Stat.ValueText
          fontSize={{ base: 'md', md: 'lg' }}
          color={color}
          truncate
          data-testid={`summary-${label}`}
        >
          {value}
        </Stat.ValueText>
      )}
    </Stat.Root>
  )
}

/** Each list: its heading and what it says when empty. */
const LISTS = {
  upcoming: { title: 'Upcoming This Month', empty: 'Nothing left to come' },
  paid: { title: 'Paid This Month', empty: 'Nothing paid yet' },
  received: { title: 'Received This Month', empty: 'Nothing received yet' },
} as const

function ItemList({ kind, items }: { kind: keyof typeof LISTS; items: MonthSummaryItem[] }) {
  const { title, empty } = LISTS[kind]
  const id = `recurring-${kind}-heading`
  const made = kind !== 'upcoming'
  return (
    <Stack gap="2" minW="0">
      <Heading as="h3" size="sm" id={id}>
        {title} ({items.length})
      </Heading>
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      ) : (
        <Stack as="ul" role="list" aria-labelledby={id} gap="1" listStyleType="none" m="0" p="0">
          {items.map((item) => (
            <HStack as="li" key={`${item.id}-${item.timeText}`} gap="3" py="1.5" minW="0">
              {item.category ? (
                <CategoryIcon icon={item.category.icon} color={item.category.color} size="8" />
              ) : (
                <Box
                  flexShrink={0}
                  boxSize="8"
                  rounded="full"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  bg="blue.subtle"
                  color="blue.fg"
                  aria-hidden="true"
                >
                  <Icon asChild boxSize="4">
                    <ArrowLeftRight />
                  </Icon>
                </Box>
              )}
              <Stack gap="0" flex="1" minW="0">
                <Text fontSize="sm" fontWeight="medium" truncate title={item.description}>
                  {item.description}
                </Text>
                <HStack gap="1" fontSize="xs" color="fg.muted">
                  {made ? <Check size={12} aria-hidden="true" /> : null}
                  <Text as="span">{kind === 'received' ? receivedText(item.timeText) : item.timeText}</Text>
                </HStack>
              </Stack>
              <Text fontSize="sm" fontWeight="semibold" color={amountColor(item.type)} flexShrink={0}>
                {templateAmountText(item)}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
