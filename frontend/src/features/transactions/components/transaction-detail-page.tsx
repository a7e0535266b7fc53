import { Badge, Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { ArrowLeftRight, Copy, Pencil, Share2, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useParams } from 'react-router'
import { CategoryIcon } from '@/components/category-icon'
import { type DetailAction, DetailActions, DetailItem, DetailList, DetailPage, DetailPageStatus } from '@/components/detail-page'
import { Notice } from '@/components/notice'
import { usePageTitle } from '@/components/use-page-title'
import { useLeaveAfterDelete } from '@/components/use-leave-after-delete'
import { useTimedNotice } from '@/components/use-timed-notice'
import { copyText, shareOrCopy } from '@/components/share'
import type { Transaction } from '@/lib/api/types'
import { formatDate } from '@/lib/format'
import { useCategories } from '@/lib/ledger/get-categories'
import { useNamedMembers } from '@/lib/household-access'
import {
  TRANSACTION_LOAD_FALLBACK_ERROR,
  TRANSACTION_NOT_FOUND,
  useTransaction,
} from '../api/get-transaction'
import { balanceAfter, detailAmount, detailsText, transferRoute, withPrivateSide } from '../lib/detail'
import { DeleteTransactionDialog } from './delete-transaction-dialog'
import { LooksLikeTransferBadge } from './looks-like-transfer-badge'
import { ReceiptsSection } from './receipts-section'
import { splitLabel } from '../lib/splits'
import { SplitBadge, SplitPartsCard } from './split-mark'
import { RuleOfferDialog } from './rule-offer-dialog'
import { TransactionDialog } from './transaction-dialog'
import { TransferDialog } from './transfer-dialog'
import { TransferPairingSection } from './transfer-pairing-section'
import { type RulePrefill, useRuleOffer } from './use-rule-offer'

/** After a delete the page goes back to the list after 1.5 s. */
export const REDIRECT_AFTER_DELETE_MS = 1500
export const LOCATION_PLACEHOLDER = 'Not available'
export const CARD_ENDING_PLACEHOLDER = '••••'
const COPIED_MESSAGE = 'Transaction details copied to clipboard'
const BACK = { to: '/transactions', label: 'Back to Transactions' }

type TransactionDetailPageProps = {
  /** Opens the rule dialog (which app/ provides) prefilled; see TransactionsPage. */
  onCreateRule?: (prefill: RulePrefill) => void
}

/** /transactions/{id} (spec doc 2, Transaction detail). */
export function TransactionDetailPage({ onCreateRule }: TransactionDetailPageProps = {}) {
  usePageTitle('Transaction details')
  const { id = '' } = useParams()
  const query = useTransaction(id)
  const categories = useCategories()
  // Who made it, only where the household has more than one member to tell apart.
  const members = useNamedMembers()
  const { notice, show, clear } = useTimedNotice()
  const [editOpen, setEditOpen] = useState(false)
  const [deleting, setDeleting] = useState<Transaction | null>(null)
  const ruleOffer = useRuleOffer(!!onCreateRule)
  const { deleted, leave } = useLeaveAfterDelete('/transactions', REDIRECT_AFTER_DELETE_MS)

  if (!query.isSuccess) {
    return (
      <DetailPageStatus
        query={query}
        loadingLabel="Loading transaction"
        notFound={TRANSACTION_NOT_FOUND}
        fallbackError={TRANSACTION_LOAD_FALLBACK_ERROR}
        back={BACK}
      />
    )
  }

  const t = query.data
  const parts = t.splits
  const icon = t.categoryId
    ? categories.data?.find((c) => c._id === t.categoryId?._id)?.icon
    : undefined

  const share = async () => {
    if ((await shareOrCopy(t.description, detailsText(t))) === 'copied') show(COPIED_MESSAGE)
  }

  const copyDetails = async () => {
    await copyText(detailsText(t))
    show(COPIED_MESSAGE)
  }

  // A transfer with another member's private account is theirs to change.
  const theirs = withPrivateSide(t)
  const actions: DetailAction[] = [
    ...(theirs ? [] : [{ value: 'edit', label: t.isTransfer ? 'Edit Transfer' : 'Edit Transaction', icon: Pencil, writes: true }]),
    { value: 'share', label: 'Share', icon: Share2 },
    { value: 'copy', label: 'Copy Details', icon: Copy },
    ...(theirs ? [] : [{ value: 'delete', label: 'Delete Transaction', icon: Trash2, danger: true, writes: true }]),
  ]

  return (
    <DetailPage
      back={BACK}
      actions={
        <DetailActions
          label="Transaction actions"
          disabled={deleted}
          minW="52"
          actions={actions}
          onSelect={(value) => {
            if (value === 'edit') setEditOpen(true)
            else if (value === 'share') void share()
            else if (value === 'copy') void copyDetails()
            else if (value === 'delete') setDeleting(t)
          }}
        />
      }
    >
      <Notice notice={notice} onClose={clear} />
      {theirs ? (
        <Text color="fg.muted" fontSize="sm" data-testid="private-side">
          The other side of this transfer is another member's private account: only they can change or delete it.
        </Text>
      ) : null}

      <Card.Root variant="outline" bg="bg">
        <Card.Body>
          <Stack gap="5" align="center" textAlign="center">
            {t.isTransfer ? (
              <Box
                boxSize="16"
                rounded="full"
                bg="blue.subtle"
                color="blue.fg"
                display="flex"
                alignItems="center"
                justifyContent="center"
                aria-hidden="true"
              >
                <ArrowLeftRight size={28} />
              </Box>
            ) : parts.length > 0 ? (
              <SplitBadge size="16" />
            ) : (
              <CategoryIcon icon={icon} color={t.categoryId?.color} size="16" />
            )}
            <Stack gap="1" align="center">
              <Heading as="h1" size="xl" wordBreak="break-word">
                {t.description}
              </Heading>
              <Text color="fg.muted">{formatDate(t.date)}</Text>
            </Stack>
            <Text
              fontSize="4xl"
              fontWeight="bold"
              fontVariantNumeric="tabular-nums"
              color={t.type === 'income' ? 'fg.success' : 'fg'}
              data-testid="detail-amount"
            >
              {detailAmount(t)}
            </Text>
            <Flex gap="2" wrap="wrap" justify="center">
              <Badge colorPalette={t.isTransfer ? 'blue' : 'gray'} size="lg">
                {t.isTransfer ? 'Transfer' : 'Purchase'}
              </Badge>
              {t.status === 'declined' ? (
                <Badge colorPalette="red" size="lg">
                  Declined
                </Badge>
              ) : null}
              {t.looksLikeTransfer && !t.isTransfer ? <LooksLikeTransferBadge size="lg" /> : null}
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>

      {parts.length > 0 ? <SplitPartsCard parts={parts} /> : null}

      {deleted ? null : <TransferPairingSection transaction={t} />}

      <Card.Root variant="outline" bg="bg">
        <Card.Body>
          <DetailList>
            {t.isTransfer ? (
              <>
                <DetailItem label="Account" value={transferRoute(t)} />
                <DetailItem label="Transaction date" value={formatDate(t.date)} />
                <DetailItem label="Balance after transaction" value={balanceAfter(t)} />
              </>
            ) : (
              <>
                <DetailItem label="Account" value={t.accountId?.name || 'Unknown Account'} />
                <DetailItem label="Transaction date" value={formatDate(t.date)} />
                <DetailItem label="Location" value={LOCATION_PLACEHOLDER} />
                <DetailItem
                  label="Business type"
                  value={parts.length > 0 ? splitLabel(parts) : (t.categoryId?.name ?? 'General')}
                />
                <DetailItem label="Card ending" value={CARD_ENDING_PLACEHOLDER} />
                <DetailItem label="Balance after transaction" value={balanceAfter(t)} />
              </>
            )}
            {t.notes ? <DetailItem label="Notes" value={t.notes} /> : null}
            {members.length > 0 && t.createdBy ? <DetailItem label="Made by" value={t.createdBy.name} /> : null}
            {t.recurringTransaction ? (
              <DetailItem
                label="Made by recurring template"
                value={t.recurringTransaction.description ?? 'A deleted template'}
              />
            ) : null}
          </DetailList>
        </Card.Body>
      </Card.Root>

      {deleted ? null : <ReceiptsSection transactionId={t._id} />}

      <TransferDialog open={editOpen && t.isTransfer} transfer={t} onClose={() => setEditOpen(false)} />
      <TransactionDialog
        open={editOpen && !t.isTransfer}
        transaction={t}
        onSaved={(saved, mode) => {
          if (mode === 'update') ruleOffer.consider(t, saved)
        }}
        onClose={() => setEditOpen(false)}
      />
      <RuleOfferDialog state={ruleOffer} onCreateRule={onCreateRule} />
      <DeleteTransactionDialog
        transaction={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={leave}
      />
    </DetailPage>
  )
}
