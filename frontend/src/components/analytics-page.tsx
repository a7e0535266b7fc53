import { Box, Button, Flex, Skeleton, Stack } from '@chakra-ui/react'
import { ArrowLeft, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { TileGrid } from './analytics-cards'
import { LoadError, type LoadErrorQuery } from './load-error'
import { EmptyState, PageHeader } from './page-layout'
import { SelectField } from './select-field'

type Destination = { to: string; label: string }

type AnalyticsPageProps<Range extends number, Data> = {
  title: string
  subtitle: string
  /** The ranges offered, in months, and the one shown. */
  ranges: readonly Range[]
  range: Range
  onRangeChange: (range: Range) => void
  /** The screen the analytics belong to ('Back to Budgets'). */
  back: Destination
  query: LoadErrorQuery & { isPending: boolean; isPlaceholderData: boolean; data: Data | undefined }
  /** What the alert says when loading fails without a message from the server. */
  fallbackError: string
  /** Shown instead of the figures when the range holds nothing to analyse (`when` says so of the data). */
  empty: { when: (data: Data) => boolean; icon: LucideIcon; title: string; text: ReactNode; action: Destination }
  /** The figures, once loaded (dimmed while another range loads). */
  children: (data: Data) => ReactNode
}

/**
 * The frame of an analytics screen: its heading, range picker and way back; a skeleton while
 * loading, one alert when loading fails, the empty state, or the figures.
 */
export function AnalyticsPage<Range extends number, Data>({
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
}: AnalyticsPageProps<Range, Data>) {
  const data = query.data
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
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
        }
      />

      <LoadError sources={[{ query, fallback: fallbackError }]} />

      {query.isPending ? (
        <Stack gap="4" role="status" aria-label="Loading analytics">
          <TileGrid>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height="20" borderRadius="lg" />
            ))}
          </TileGrid>
          <Skeleton height="72" borderRadius="lg" />
        </Stack>
      ) : data !== undefined && empty.when(data) ? (
        <EmptyState icon={empty.icon} title={empty.title} text={empty.text}>
          <Button asChild size="sm" colorPalette="teal">
            <Link to={empty.action.to}>{empty.action.label}</Link>
          </Button>
        </EmptyState>
      ) : (
        <Stack gap={{ base: '4', md: '6' }} opacity={query.isPlaceholderData ? 0.6 : 1}>
          {data === undefined ? null : children(data)}
        </Stack>
      )}
    </Stack>
  )
}
