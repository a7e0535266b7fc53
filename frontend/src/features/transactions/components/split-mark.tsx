import { Box, Card, Flex, Heading, HStack, Stack, Text, type TextProps } from '@chakra-ui/react'
import { Split } from 'lucide-react'
import { AmountText } from '@/components/amount-text'
import { IconBadge } from '@/components/icon-badge'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { TransactionSplit } from '@/lib/api/types'
import { splitLabel, splitPence, splitsText } from '../lib/splits'

/** The grey of a split's badge: it has no one category's colour. */
const SPLIT_TINT = '#718096'

/** A split's badge where a category's icon would be. */
export function SplitBadge({ size = '10' }: { size?: string }) {
  return (
    <IconBadge tint={SPLIT_TINT} size={size}>
      <Split />
    </IconBadge>
  )
}

/** The parts' colours as a small overlapping stack of dots. */
export function SplitDots({ parts }: { parts: readonly TransactionSplit[] }) {
  return (
    <HStack gap="0" aria-hidden="true" flexShrink={0}>
      {parts.slice(0, 5).map((p, i) => (
        <Box
          key={p._id}
          boxSize="2.5"
          rounded="full"
          borderWidth="1.5px"
          borderColor="bg"
          ms={i === 0 ? '0' : '-1'}
          style={{ backgroundColor: p.category.color }}
        />
      ))}
    </HStack>
  )
}

/** A split transaction's category in a list: the dots and 'Split · 2 categories', the parts in its title. */
export function SplitCategory({ parts, fontSize }: { parts: readonly TransactionSplit[]; fontSize?: string }) {
  return (
    <HStack gap="1.5" title={splitsText(parts)} fontSize={fontSize} minW="0">
      <SplitDots parts={parts} />
      <Text as="span" truncate>
        {splitLabel(parts)}
      </Text>
    </HStack>
  )
}

/** The detail page's list of a split's parts: each one's category (its colour), amount and note. */
export function SplitPartsCard({ parts }: { parts: readonly TransactionSplit[] }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md">
            Split across categories
          </Heading>
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Split parts">
            {parts.map((p) => (
              <Flex
                as="li"
                key={p._id}
                gap="3"
                py="2"
                align="flex-start"
                justify="space-between"
                _notFirst={{ borderTopWidth: '1px' }}
                data-testid="split-part"
              >
                <HStack gap="2" align="flex-start" minW="0">
                  <Box
                    boxSize="3"
                    mt="1.5"
                    rounded="full"
                    flexShrink={0}
                    aria-hidden="true"
                    style={{ backgroundColor: p.category.color }}
                  />
                  <Box minW="0">
                    <Text fontWeight="medium" wordBreak="break-word">
                      {p.category.name}
                    </Text>
                    {p.note ? (
                      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                        {p.note}
                      </Text>
                    ) : null}
                  </Box>
                </HStack>
                <Text fontVariantNumeric="tabular-nums" whiteSpace="nowrap" fontWeight="medium">
                  {formatMoney(splitPence(p))}
                </Text>
              </Flex>
            ))}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

/**
 * A split transaction's amount in the category the list is filtered by, above 'of £84.20' (its
 * whole amount): what the filter's summary counts, and what the account saw.
 */
export function SplitShareAmount({ share, amount, ...props }: { share: number; amount: number } & TextProps) {
  return (
    <Box textAlign="end">
      <AmountText amount={share / 100} display="block" {...props} />
      <Text as="span" fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="split-share-of">
        of {formatMoney(Math.abs(toPence(amount)))}
      </Text>
    </Box>
  )
}
