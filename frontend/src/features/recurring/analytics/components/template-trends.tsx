import { Box, Card, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'
import { toPence } from '@/lib/money'
import type { TemplateTrend } from '../api/types'
import {
  chronological,
  paddedRange,
  selectedTemplate,
  shortMonthLabel,
  SOURCE_MEANING,
  SOURCE_NAME,
  type TrendSource,
  trendSource,
} from '../lib/analytics'
import type { ChartSeries } from './line-chart-props'
import { SourceMarker } from './source-marker'
import { TemplatePicker } from './template-picker'

const RecurringLineChart = lazy(() => import('./recurring-line-chart'))

const TEMPLATE_COLOR = '#7c3aed'
const ACTUAL_COLOR = '#0d9488'

const SOURCES: readonly TrendSource[] = ['snapshot', 'computed', 'no-data']

/**
 * What the template made against its amount; a month it made nothing leaves a gap in the actual
 * line. Actual comes first so nivo draws it on top where the two meet.
 */
function trendSeries(trend: TemplateTrend): ChartSeries[] {
  const points = chronological(trend.monthlyData)
  return [
    {
      id: 'Actual amount',
      color: ACTUAL_COLOR,
      data: points.map((p) => {
        const source = trendSource(p.source)
        return { x: shortMonthLabel(p), y: source === 'no-data' ? null : toPence(p.actualAmount), source }
      }),
    },
    {
      id: 'Template amount',
      color: TEMPLATE_COLOR,
      data: points.map((p) => ({ x: shortMonthLabel(p), y: toPence(p.templateAmount), source: trendSource(p.source) })),
    },
  ]
}

function SeriesKey({ color, children }: { color: string; children: string }) {
  return (
    <HStack gap="1.5">
      <Box w="4" h="1" rounded="full" style={{ backgroundColor: color }} />
      <Text>{children}</Text>
    </HStack>
  )
}

/** 'Subscription Amount Trends': a template's amount against what it made, month by month. */
export function TemplateTrends({ trends, compact }: { trends: TemplateTrend[]; compact: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null)
  const trend = selectedTemplate(trends, chosen)
  const series = trend ? trendSeries(trend) : []
  const values = series.flatMap((s) => s.data.map((p) => p.y)).filter((y): y is number => y !== null)

  return (
    <Card.Root variant="outline" bg="bg" data-testid="template-trends">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Flex justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} gap="3" direction={{ base: 'column', md: 'row' }}>
          <Box>
            <Heading as="h2" size="md">
              Subscription Amount Trends
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Each template&apos;s amount against what it actually made
            </Text>
          </Box>
          {trend ? (
            <Box w={{ base: 'full', md: '80' }}>
              <TemplatePicker trends={trends} selected={trend} onSelect={setChosen} />
            </Box>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        {trend ? (
          <Stack gap="3">
            <HStack gap="4" fontSize="sm" wrap="wrap">
              <SeriesKey color={TEMPLATE_COLOR}>Template amount</SeriesKey>
              <SeriesKey color={ACTUAL_COLOR}>Actual amount</SeriesKey>
            </HStack>
            <Suspense fallback={<Skeleton height={{ base: '240px', md: '320px' }} />}>
              <RecurringLineChart
                series={series}
                label={`${trend.templateName}: template amount against actual amount by month`}
                compact={compact}
                yRange={paddedRange(values)}
                markSources
              />
            </Suspense>
            <Stack as="ul" listStyleType="none" gap="1" fontSize="xs" color="fg.muted" aria-label="Data sources">
              {SOURCES.map((s) => (
                <HStack as="li" key={s} gap="2" align="center">
                  <SourceMarker source={s} color={ACTUAL_COLOR} />
                  <Text>
                    <Text as="span" fontWeight="semibold" color="fg">
                      {SOURCE_NAME[s]}
                    </Text>
                    {`: ${SOURCE_MEANING[s]}`}
                  </Text>
                </HStack>
              ))}
            </Stack>
          </Stack>
        ) : (
          <Text color="fg.muted" textAlign="center" py="6">
            No templates to compare yet
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  )
}
