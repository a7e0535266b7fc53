import { Badge, Box, HStack, Link, Table, Text } from '@chakra-ui/react'
import { ArrowLeftRight, Lock, Pencil, Trash2 } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { TagChips } from '@/components/tag-chip'
import { CategoryIcon } from '@/components/category-icon'
import { MemberBadge } from '@/components/member-badge'
import type { Transaction } from '@/lib/api/types'
import { formatDate } from '@/lib/format'
import { balanceAfter, transferRoute, withPrivateSide } from '../lib/detail'
import { AmountText } from '@/components/amount-text'
import { WriteIconButton } from '@/components/write-access'
import { dimmedWhen } from './declined'
import { LooksLikeTransferBadge } from './looks-like-transfer-badge'
import { PendingBadge } from './pending-badge'
import { ReceiptClip } from './receipt-clip'
import { SplitCategory, SplitShareAmount } from './split-mark'
import { splitShareIn } from '../lib/splits'

type TransactionsTableProps = {
  transactions: Transaction[]
  /** Category id → icon name (the transaction carries only name and colour). */
  categoryIcons: ReadonlyMap<string, string>
  /**
   * The list is filtered to one account: each row shows that account's balance after it, in place
   * of the Account column (every row is that account's).
   */
  showBalance?: boolean
  /** The household has several members: a By column says who made each row (blank when unknown). */
  showMaker?: boolean
  /** The category the list is filtered by: a split row shows its part there, of its whole. */
  inCategory?: string
  onEdit: (t: Transaction) => void
  onDelete: (t: Transaction) => void
}

/** The desktop (md and up) list: one row per transaction; a declined one fades all but its buttons. */
export function TransactionsTable({
  transactions,
  categoryIcons,
  showBalance = false,
  showMaker = false,
  inCategory = '',
  onEdit,
  onDelete,
}: TransactionsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Category</Table.ColumnHeader>
            {showBalance ? null : <Table.ColumnHeader>Account</Table.ColumnHeader>}
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
            {showBalance ? <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader> : null}
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Notes</Table.ColumnHeader>
            {showMaker ? <Table.ColumnHeader>By</Table.ColumnHeader> : null}
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {transactions.map((t) => {
            const dim = dimmedWhen(t.status === 'declined')
            const parts = t.splits
            const share = splitShareIn(t, inCategory)
            return (
              <Table.Row key={t._id} data-declined={t.status === 'declined' ? '' : undefined}>
                <Table.Cell>
                  <HStack gap="1.5" align="center">
                    <Link
                      asChild
                      display="block"
                      fontWeight="medium"
                      color="fg"
                      _hover={{ color: 'teal.fg' }}
                      {...dim}
                    >
                      <RouterLink to={`/transactions/${t._id}`} title={t.description}>
                        <Text as="span" truncate display="block" maxW={{ base: '36', lg: '44', xl: '52' }}>
                          {t.description}
                        </Text>
                      </RouterLink>
                    </Link>
                    <ReceiptClip count={t.receiptCount} flexShrink={0} />
                  </HStack>
                  {t.status === 'declined' ? (
                    <Badge colorPalette="red" size="sm" mt="1">
                      Declined
                    </Badge>
                  ) : null}
                  {t.status === 'pending' ? <PendingBadge size="sm" mt="1" me="1" /> : null}
                  {t.looksLikeTransfer && !t.isTransfer ? <LooksLikeTransferBadge size="sm" mt="1" /> : null}
                  {t.tags?.length ? (
                    <Box mt="1" maxW={{ base: '36', lg: '44', xl: '52' }}>
                      <TagChips tags={t.tags} />
                    </Box>
                  ) : null}
                </Table.Cell>
                <Table.Cell {...dim}>
                  {t.isTransfer ? (
                    <HStack gap="2">
                      <ArrowLeftRight size={16} aria-hidden="true" />
                      <Text as="span" lineClamp={2} maxW={{ base: '32', xl: '48' }} title={transferRoute(t)}>
                        {transferRoute(t)}
                      </Text>
                    </HStack>
                  ) : parts.length > 0 ? (
                    <Box maxW={{ base: '32', xl: '40' }}>
                      <SplitCategory parts={parts} />
                    </Box>
                  ) : t.categoryId ? (
                    <HStack gap="2">
                      <CategoryIcon
                        icon={categoryIcons.get(t.categoryId._id)}
                        color={t.categoryId.color}
                        size="6"
                      />
                      <Text as="span" truncate maxW={{ base: '32', xl: '40' }}>
                        {t.categoryId.name}
                      </Text>
                    </HStack>
                  ) : (
                    <Text as="span" color="fg.muted">
                      General
                    </Text>
                  )}
                </Table.Cell>
                {showBalance ? null : (
                  <Table.Cell {...dim}>
                    <Text as="span" truncate display="block" maxW={{ base: '28', xl: '36' }} title={t.accountId.name}>
                      {t.accountId.name}
                    </Text>
                  </Table.Cell>
                )}
                <Table.Cell {...dim}>
                  <TypeBadge transaction={t} />
                </Table.Cell>
                <Table.Cell textAlign="end" {...dim}>
                  {share === null ? (
                    <AmountText amount={t.amount} />
                  ) : (
                    <SplitShareAmount share={share} amount={t.amount} />
                  )}
                </Table.Cell>
                {showBalance ? (
                  <Table.Cell textAlign="end" whiteSpace="nowrap" {...dim}>
                    {balanceAfter(t)}
                  </Table.Cell>
                ) : null}
                <Table.Cell whiteSpace="nowrap" {...dim}>
                  {formatDate(t.date)}
                </Table.Cell>
                <Table.Cell {...dim}>
                  <Text truncate maxW={{ base: '24', xl: '32' }} color="fg.muted" title={t.notes || undefined}>
                    {t.notes || '—'}
                  </Text>
                </Table.Cell>
                {showMaker ? (
                  <Table.Cell {...dim}>{t.createdBy ? <MemberBadge member={t.createdBy} /> : null}</Table.Cell>
                ) : null}
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {withPrivateSide(t) ? (
                    <Text
                      as="span"
                      display="inline-flex"
                      color="fg.muted"
                      title="Only the private account's owner can change this transfer"
                      aria-label="Only the private account's owner can change this transfer"
                    >
                      <Lock size={16} aria-hidden="true" />
                    </Text>
                  ) : (
                    <>
                      <WriteIconButton
                        aria-label={`Edit ${t.description}`}
                        variant="ghost"
                        size="sm"
                        onClick={() => onEdit(t)}
                      >
                        <Pencil />
                      </WriteIconButton>
                      <WriteIconButton
                        aria-label={`Delete ${t.description}`}
                        variant="ghost"
                        size="sm"
                        colorPalette="red"
                        onClick={() => onDelete(t)}
                      >
                        <Trash2 />
                      </WriteIconButton>
                    </>
                  )}
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

function TypeBadge({ transaction: t }: { transaction: Transaction }) {
  if (t.isTransfer) return <Badge colorPalette="blue">Transfer</Badge>
  return t.type === 'income' ? (
    <Badge colorPalette="green">Income</Badge>
  ) : (
    <Badge colorPalette="red">Expense</Badge>
  )
}
