import { Badge, Box, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, Suspense } from 'react'
import { SelectField } from './select-field'

/** The row of summary tiles at the top of an analytics screen: two a row on phones, four on wide screens. */
export function TileGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
      {children}
    </SimpleGrid>
  )
}

/** The row of insight cards under the tiles: stacked on phones, three a row on wider screens. */
export function InsightGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '2', md: '4' }}>
      {children}
    </SimpleGrid>
  )
}

/** A line of a chart's key: its colour and name. */
export type ChartKeyEntry = { label: string; color: string }

type ChartCardProps = {
  title: string
  /** The chart's key, in the order of the lines. */
  keys: ChartKeyEntry[]
  /** The chart, a lazily loaded component: a skeleton stands in while its code loads. */
  children: ReactNode
}

/** A card holding one chart of an analytics screen, with its heading and key. */
export function ChartCard({ title, keys, children }: ChartCardProps) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <HStack gap="4" fontSize="sm" wrap="wrap">
            {keys.map((k) => (
              <HStack key={k.label} gap="1.5">
                <Box boxSize="2.5" rounded="full" style={{ backgroundColor: k.color }} />
                <Text>{k.label}</Text>
              </HStack>
            ))}
          </HStack>
        </Flex>
      </Card.Header>
      <Card.Body pt="2" px={{ base: '4', md: '6' }}>
        <Suspense fallback={<Skeleton height={{ base: '240px', md: '320px' }} />}>{children}</Suspense>
      </Card.Body>
    </Card.Root>
  )
}

/** Where a month's figures come from: kept when the month closed, or worked out now. */
export type MonthSource = 'snapshot' | 'computed'

type MonthCardProps = {
  title: string
  /** The months to choose from, newest first. */
  months: { key: string; label: string }[]
  /** The month shown, its source and the tag's words for it (the source itself if none); none when there are no months. */
  shown: { key: string; source: MonthSource; sourceLabel?: string } | undefined
  onSelect: (key: string) => void
  /** The shown month's figures. */
  children: ReactNode
}

/** A card of one month's figures with a month picker and a tag naming the month's source. */
export function MonthCard({ title, months, shown, onSelect, children }: MonthCardProps) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Flex
          justify="space-between"
          align={{ base: 'stretch', md: 'flex-end' }}
          gap="3"
          direction={{ base: 'column', md: 'row' }}
        >
          <HStack gap="2">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            {shown ? (
              <Badge colorPalette={shown.source === 'snapshot' ? 'purple' : 'gray'} data-testid="month-source">
                {shown.sourceLabel ?? shown.source}
              </Badge>
            ) : null}
          </HStack>
          <Box minW={{ md: '64' }}>
            <SelectField label="Select Month" size="sm" value={shown?.key ?? ''} onChange={(e) => onSelect(e.target.value)}>
              {months.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.label}
                </option>
              ))}
            </SelectField>
          </Box>
        </Flex>
      </Card.Header>
      <Card.Body pt="2" px="4">
        {shown ? <Stack gap="3">{children}</Stack> : null}
      </Card.Body>
    </Card.Root>
  )
}
