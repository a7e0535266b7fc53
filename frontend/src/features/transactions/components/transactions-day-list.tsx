import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { ArrowLeftRight } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { TagChips } from '@/components/tag-chip'
import { CategoryIcon } from '@/components/category-icon'
import { MemberBadge } from '@/components/member-badge'
import type { Transaction } from '@/lib/api/types'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { groupByDay } from '../lib/day-groups'
import { transferCounterpart } from '../lib/detail'
import { AmountText } from '@/components/amount-text'
import { dimmedWhen } from './declined'
import { LooksLikeTransferBadge } from './looks-like-transfer-badge'
import { PendingBadge } from './pending-badge'
import { ReceiptClip } from './receipt-clip'
import { SplitBadge, SplitCategory, SplitShareAmount } from './split-mark'
import { splitShareIn } from '../lib/splits'

type TransactionsDayListProps = {
  transactions: Transaction[]
  categoryIcons: ReadonlyMap<string, string>
  /** The household has several members: each row says who made it, beside its account. */
  showMaker?: boolean
  /** The category the list is filtered by: a split row shows its part there, of its whole. */
  inCategory?: string
  now?: () => Date
}

/** The phone (below md) list: grouped by day, each row opening the detail page. */
export function TransactionsDayList({
  transactions,
  categoryIcons,
  showMaker = false,
  inCategory = '',
  now = () => new Date(),
}: TransactionsDayListProps) {
  const groups = groupByDay(transactions, now(), inCategory)
  return (
    <Stack gap="4">
      {groups.map((group) => (
        <Box as="section" key={group.day} aria-label={group.label}>
          <Flex justify="space-between" align="baseline" px="1" mb="1.5">
            <Text as="h2" fontSize="sm" fontWeight="semibold" color="fg.muted">
              {group.label}
            </Text>
            <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
              {formatSignedMoney(group.totalPence)}
            </Text>
          </Flex>
          <Stack as="ul" gap="0" bg="bg" borderWidth="1px" borderRadius="lg" overflow="hidden" listStyleType="none">
            {group.transactions.map((t) => (
              <Box as="li" key={t._id} _notFirst={{ borderTopWidth: '1px' }}>
                <DayRow
                  transaction={t}
                  icon={t.categoryId ? categoryIcons.get(t.categoryId._id) : undefined}
                  showMaker={showMaker}
                  inCategory={inCategory}
                />
              </Box>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  )
}

type DayRowProps = { transaction: Transaction; icon: string | undefined; showMaker: boolean; inCategory: string }

function DayRow({ transaction: t, icon, showMaker, inCategory }: DayRowProps) {
  const share = splitShareIn(t, inCategory)
  const declined = t.status === 'declined'
  // The text fades; the Declined label keeps full contrast.
  const dim = dimmedWhen(declined)
  const parts = t.splits
  const balance =
    t.balanceAfterTransaction === null || t.balanceAfterTransaction === undefined
      ? 'N/A'
      : `Balance ${formatMoney(toPence(t.balanceAfterTransaction))}`
  return (
    <RouterLink to={`/transactions/${t._id}`} style={{ display: 'block' }}>
      <Flex
        align="center"
        gap="3"
        px="3"
        py="3"
        _hover={{ bg: 'bg.muted' }}
        data-testid="transaction-row"
        data-declined={declined ? '' : undefined}
      >
        {t.isTransfer ? (
          <Box
            {...dim}
            boxSize="10"
            rounded="full"
            bg="blue.subtle"
            color="blue.fg"
            display="flex"
            alignItems="center"
            justifyContent="center"
            flexShrink={0}
            aria-hidden="true"
          >
            <ArrowLeftRight size={18} />
          </Box>
        ) : (
          <Box {...dim} flexShrink={0}>
            {parts.length > 0 ? <SplitBadge /> : <CategoryIcon icon={icon} color={t.categoryId?.color} />}
          </Box>
        )}
        <Box flex="1" minW="0" {...dim}>
          <Text fontWeight="medium" truncate>
            {t.description}
          </Text>
          {parts.length > 0 && !declined ? (
            <Box color="fg.muted">
              <SplitCategory parts={parts} fontSize="xs" />
            </Box>
          ) : (
            <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
              {declined ? 'Wrong or expired details' : t.isTransfer ? transferCounterpart(t) : (t.categoryId?.name ?? 'General')}
            </Text>
          )}
          {/* Names wrap rather than being cut short; the account has its own line (a phone is too narrow for both). */}
          <Flex align="center" gap="1.5" minW="0">
            <Text fontSize="xs" color="fg.muted" wordBreak="break-word" data-testid="transaction-row-account">
              {t.accountId.name}
            </Text>
            {showMaker && t.createdBy ? <MemberBadge member={t.createdBy} boxSize="5" /> : null}
            <ReceiptClip count={t.receiptCount} />
          </Flex>
          {t.status === 'pending' ? <PendingBadge size="sm" mt="1" me="1" /> : null}
          {t.looksLikeTransfer && !t.isTransfer ? <LooksLikeTransferBadge size="sm" mt="1" /> : null}
          {t.tags?.length ? (
            <Box mt="1">
              <TagChips tags={t.tags} />
            </Box>
          ) : null}
        </Box>
        <Box textAlign="end" flexShrink={0}>
          {share === null ? (
            <AmountText
              amount={t.amount}
              display="block"
              textDecoration={declined ? 'line-through' : undefined}
              {...dim}
            />
          ) : (
            <SplitShareAmount share={share} amount={t.amount} textDecoration={declined ? 'line-through' : undefined} />
          )}
          {declined ? (
            <Text fontSize="xs" color="fg.error" fontWeight="semibold">
              Declined
            </Text>
          ) : (
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
              {balance}
            </Text>
          )}
        </Box>
      </Flex>
    </RouterLink>
  )
}
