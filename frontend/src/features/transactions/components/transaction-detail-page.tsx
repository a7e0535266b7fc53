import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Flex,
  Heading,
  IconButton,
  Menu,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react'
import { ArrowLeft, ArrowLeftRight, Copy, EllipsisVertical, Pencil, Share2, Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { CategoryIcon } from '@/components/category-icon'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { usePageTitle } from '@/components/use-page-title'
import { useTimedNotice } from '@/components/use-timed-notice'
import { ApiError } from '@/lib/api/client'
import type { Transaction } from '@/lib/api/types'
import { formatDate } from '@/lib/format'
import { useCategories } from '@/lib/ledger/get-categories'
import {
  TRANSACTION_LOAD_FALLBACK_ERROR,
  TRANSACTION_NOT_FOUND,
  useTransaction,
} from '../api/get-transaction'
import { balanceAfter, detailAmount, detailsText, transferRoute } from '../lib/detail'
import { DeleteTransactionDialog } from './delete-transaction-dialog'
import { LooksLikeTransferBadge } from './looks-like-transfer-badge'
import { RuleOfferDialog } from './rule-offer-dialog'
import { TransactionDialog } from './transaction-dialog'
import { TransferPairingSection } from './transfer-pairing-section'
import { type RulePrefill, useRuleOffer } from './use-rule-offer'

/** After a delete the page goes back to the list after 1.5 s. */
export const REDIRECT_AFTER_DELETE_MS = 1500
export const LOCATION_PLACEHOLDER = 'Not available'
export const CARD_ENDING_PLACEHOLDER = '••••'

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      // Fall through to the selection copy.
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  document.execCommand('copy')
  area.remove()
}

type TransactionDetailPageProps = {
  /** Opens the rule dialog (which app/ provides) prefilled; see TransactionsPage. */
  onCreateRule?: (prefill: RulePrefill) => void
}

/** /transactions/{id} (spec doc 2, Transaction detail). */
export function TransactionDetailPage({ onCreateRule }: TransactionDetailPageProps = {}) {
  usePageTitle('Transaction details')
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const query = useTransaction(id)
  const categories = useCategories()
  const { notice, show, clear } = useTimedNotice()
  const [editOpen, setEditOpen] = useState(false)
  const [deleting, setDeleting] = useState<Transaction | null>(null)
  const [deleted, setDeleted] = useState(false)
  const ruleOffer = useRuleOffer(!!onCreateRule)
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  useEffect(() => () => clearTimeout(redirect.current), [])

  // Offline, the first fetch is paused rather than failed: say so instead of loading forever.
  if (query.isPending && query.fetchStatus !== 'paused') return <DetailSkeleton />

  if (query.isError || query.isPending) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <Stack gap="4" maxW="2xl" mx="auto">
        {notFound ? (
          <ErrorAlert message={TRANSACTION_NOT_FOUND} />
        ) : (
          <LoadError sources={[{ query, fallback: TRANSACTION_LOAD_FALLBACK_ERROR }]} />
        )}
        <Box>
          <Button asChild variant="outline">
            <RouterLink to="/transactions">
              <ArrowLeft aria-hidden="true" />
              Back to Transactions
            </RouterLink>
          </Button>
        </Box>
      </Stack>
    )
  }

  const t = query.data
  const icon = t.categoryId
    ? categories.data?.find((c) => c._id === t.categoryId?._id)?.icon
    : undefined

  const share = async () => {
    const text = detailsText(t)
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: t.description, text })
      } catch {
        // Cancelled by the user: nothing to say.
      }
      return
    }
    await copyText(text)
    show('Transaction details copied to clipboard')
  }

  const copyDetails = async () => {
    await copyText(detailsText(t))
    show('Transaction details copied to clipboard')
  }

  return (
    <Stack gap="4" maxW="2xl" mx="auto">
      <Flex align="center" justify="space-between" gap="2">
        <Button asChild variant="ghost" size="sm" px="2">
          <RouterLink to="/transactions">
            <ArrowLeft aria-hidden="true" />
            Back to Transactions
          </RouterLink>
        </Button>
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onSelect={({ value }) => {
            if (value === 'edit') setEditOpen(true)
            else if (value === 'share') void share()
            else if (value === 'copy') void copyDetails()
            else if (value === 'delete') setDeleting(t)
          }}
        >
          <Menu.Trigger asChild>
            <IconButton aria-label="Transaction actions" variant="ghost" disabled={deleted}>
              <EllipsisVertical />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="52">
                {t.isTransfer ? null : (
                  <Menu.Item value="edit">
                    <Pencil size={16} aria-hidden="true" />
                    Edit Transaction
                  </Menu.Item>
                )}
                <Menu.Item value="share">
                  <Share2 size={16} aria-hidden="true" />
                  Share
                </Menu.Item>
                <Menu.Item value="copy">
                  <Copy size={16} aria-hidden="true" />
                  Copy Details
                </Menu.Item>
                <Menu.Item value="delete" color="fg.error">
                  <Trash2 size={16} aria-hidden="true" />
                  Delete Transaction
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>

      <Notice notice={notice} onClose={clear} />

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

      {deleted ? null : <TransferPairingSection transaction={t} />}

      <Card.Root variant="outline" bg="bg">
        <Card.Body>
          <DataList.Root orientation="horizontal" divideY="1px" gap="0">
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
                <DetailItem label="Business type" value={t.categoryId?.name ?? 'General'} />
                <DetailItem label="Card ending" value={CARD_ENDING_PLACEHOLDER} />
                <DetailItem label="Balance after transaction" value={balanceAfter(t)} />
              </>
            )}
            {t.notes ? <DetailItem label="Notes" value={t.notes} /> : null}
            {t.recurringTransaction ? (
              <DetailItem
                label="Made by recurring template"
                value={t.recurringTransaction.description ?? 'A deleted template'}
              />
            ) : null}
          </DataList.Root>
        </Card.Body>
      </Card.Root>

      <TransactionDialog
        open={editOpen}
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
        onDeleted={() => {
          setDeleted(true)
          redirect.current = setTimeout(
            () => navigate('/transactions', { replace: true }),
            REDIRECT_AFTER_DELETE_MS,
          )
        }}
      />
    </Stack>
  )
}

function DetailItem({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item py="3" justifyContent="space-between">
      <DataList.ItemLabel minW="0" flex="1">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue flex="1" justifyContent="flex-end" textAlign="end" fontWeight="medium" wordBreak="break-word">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  )
}

function DetailSkeleton() {
  return (
    <Stack gap="4" maxW="2xl" mx="auto" role="status" aria-label="Loading transaction" aria-busy="true">
      <Skeleton height="8" width="48" />
      <Skeleton height="64" borderRadius="lg" />
      <Skeleton height="48" borderRadius="lg" />
    </Stack>
  )
}
