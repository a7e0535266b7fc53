import { Box, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { AmountText } from '@/components/amount-text'
import { MemberBadge } from '@/components/member-badge'
import type { Transaction } from '@/lib/api/types'
import { formatDate } from '@/lib/format'
import { firstName } from '@/lib/names'
import { RECENT_ACTIVITY_FALLBACK_ERROR, RECENT_ACTIVITY_SIZE, useRecentActivity } from '../api/get-recent-activity'

/**
 * Recent Activity: the household's latest transactions, each naming the member who made it
 * (their initials, and their first name in words). Shown only in a household of more than one,
 * where who made what is worth saying (see DashboardPage).
 */
export function RecentActivity() {
  const recent = useRecentActivity()
  return (
    <Card.Root as="section" aria-labelledby="recent-activity-heading" variant="outline" bg="bg">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" gap="3">
        <Heading as="h2" size="md" id="recent-activity-heading">
          Recent Activity
        </Heading>
        <Text asChild fontSize="sm" color="teal.fg" textDecoration="underline" textUnderlineOffset="3px">
          <RouterLink to="/transactions">View all</RouterLink>
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        {recent.isPending ? (
          <Stack gap="3" role="status" aria-label="Loading recent activity">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} height="10" />
            ))}
          </Stack>
        ) : recent.isError ? (
          <Text color="fg.muted" fontSize="sm">
            {RECENT_ACTIVITY_FALLBACK_ERROR}
          </Text>
        ) : recent.data.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No transactions yet.
          </Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label={`The latest ${RECENT_ACTIVITY_SIZE} transactions`}>
            {recent.data.map((t) => (
              <Box as="li" key={t._id} _notFirst={{ borderTopWidth: '1px' }}>
                <ActivityRow transaction={t} />
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function ActivityRow({ transaction: t }: { transaction: Transaction }) {
  const maker = t.createdBy
  return (
    <RouterLink to={`/transactions/${t._id}`} style={{ display: 'block' }}>
      <Flex align="center" gap="3" py="2.5" minH="11" _hover={{ bg: 'bg.muted' }} data-testid="activity-row">
        {/* The badge is the picture; the words below name the member for everyone. */}
        {maker ? <MemberBadge member={maker} boxSize="8" fontSize="xs" aria-hidden="true" /> : <Box boxSize="8" flexShrink={0} />}
        <Box flex="1" minW="0">
          <Text fontWeight="medium" truncate title={t.description}>
            {t.description}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid="activity-maker">
            {maker ? `${firstName(maker.name)} · ` : ''}
            {formatDate(t.date)}
          </Text>
        </Box>
        <AmountText amount={t.amount} fontSize="sm" />
      </Flex>
    </RouterLink>
  )
}
