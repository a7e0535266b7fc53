import { Box, Button, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { ArrowLeft, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LoadError, type LoadErrorQuery } from './load-error'
import { SelectField } from './select-field'

type Destination = { to: string; label: string }

type AnalyticsPageProps<Range extends number> = {
  title: string
  subtitle: string
  /** The ranges offered, in months, and the one shown. */
  ranges: readonly Range[]
  range: Range
  onRangeChange: (range: Range) => void
  /** The screen the analytics belong to ('Back to Budgets'). */
  back: Destination
  query: LoadErrorQuery & { isPending: boolean; isPlaceholderData: boolean }
  /** What the alert says when loading fails without a message from the server. */
  fallbackError: string
  /** Shown instead of the figures when the range holds nothing to analyse. */
  empty: { when: boolean; icon: LucideIcon; title: string; text: ReactNode; action: Destination }
  /** The figures, once loaded (dimmed while another range loads). */
  children: ReactNode
}

/**
 * The frame of an analytics screen: its heading, range picker and way back; a skeleton while
 * loading, one alert when loading fails, the empty state, or the figures.
 */
export function AnalyticsPage<Range extends number>({
  title,
  subtitle,
  ranges,
  range,
  onRangeChange,
  back,
  query,
  fallbackError,
  empty,
  children,
}: AnalyticsPageProps<Range>) {
  const EmptyIcon = empty.icon
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted" mt="1">
            {subtitle}
          </Text>
        </Box>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <Box minW="44">
            <SelectField
              label="Time Range"
              size="sm"
              value={String(range)}
              onChange={(e) => {
                const chosen = ranges.find((r) => r === Number(e.target.value))
                if (chosen !== undefined) onRangeChange(chosen)
              }}
            >
              {ranges.map((r) => (
                <option key={r} value={r}>
                  Last {r} months
                </option>
              ))}
            </SelectField>
          </Box>
          <Button asChild variant="outline" size="sm">
            <Link to={back.to}>
              <ArrowLeft aria-hidden="true" />
              {back.label}
            </Link>
          </Button>
        </Flex>
      </Flex>

      <LoadError sources={[{ query, fallback: fallbackError }]} />

      {query.isPending ? (
        <Stack gap="4" role="status" aria-label="Loading analytics">
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height="20" borderRadius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton height="72" borderRadius="lg" />
        </Stack>
      ) : empty.when ? (
        <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '6', md: '10' }} textAlign="center">
          <Stack gap="3" align="center">
            <EmptyIcon size={40} aria-hidden="true" />
            <Heading as="h2" size="lg">
              {empty.title}
            </Heading>
            <Text color="fg.muted">{empty.text}</Text>
            <Button asChild size="sm" colorPalette="teal">
              <Link to={empty.action.to}>{empty.action.label}</Link>
            </Button>
          </Stack>
        </Box>
      ) : (
        <Stack gap={{ base: '4', md: '6' }} opacity={query.isPlaceholderData ? 0.6 : 1}>
          {children}
        </Stack>
      )}
    </Stack>
  )
}
