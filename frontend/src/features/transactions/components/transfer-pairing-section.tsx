import { Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import type { Transaction } from '@/lib/api/types'
import { useTransferSuggestions } from '../api/get-transfer-suggestions'
import { UNPAIR_FALLBACK_ERROR, UNPAIR_SUCCESS, useUnpairTransaction } from '../api/unpair-transaction'
import { pairsOf } from '../lib/transfer-pairs'
import { TransferPairList } from './transfer-pair-list'

export const PAIRED_TEXT =
  'These two rows were paired into a transfer. Undo to count them as spending and income again.'

/**
 * On a transaction's page: for an ordinary row that looks like a transfer, its candidate pairs
 * (from the suggestions, which list the newest 20); for a transfer made by pairing, 'Not a
 * transfer'. A transfer entered as one, and any other row, gets nothing.
 */
export function TransferPairingSection({ transaction: t }: { transaction: Transaction }) {
  if (t.isTransfer && t.paired) return <PairedTransfer id={t._id} />
  if (!t.isTransfer && t.looksLikeTransfer) return <TransferCandidates id={t._id} />
  return null
}

function TransferCandidates({ id }: { id: string }) {
  const headingId = useId()
  const suggestions = useTransferSuggestions()
  const pairs = pairsOf(suggestions.data ?? [], id)
  if (pairs.length === 0) return null
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="bg" borderColor="orange.muted">
      <Card.Body gap="1">
        <Heading as="h2" size="md" id={headingId}>
          Looks like a transfer
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          The same amount went the other way in another of your accounts. As a transfer, it counts as neither spending
          nor income.
        </Text>
        <TransferPairList pairs={pairs} />
      </Card.Body>
    </Card.Root>
  )
}

function PairedTransfer({ id }: { id: string }) {
  const headingId = useId()
  const unpair = useUnpairTransaction()
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="bg">
      <Card.Body gap="3">
        <Stack gap="1">
          <Heading as="h2" size="md" id={headingId}>
            Paired transfer
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {PAIRED_TEXT}
          </Text>
        </Stack>
        <ErrorAlert
          message={unpair.isError ? getErrorMessage(unpair.error, UNPAIR_FALLBACK_ERROR) : null}
          onClose={() => unpair.reset()}
        />
        <WriteButton
          variant="outline"
          size="sm"
          alignSelf="flex-start"
          loading={unpair.isPending}
          loadingText="Separating..."
          onClick={() =>
            // This section is gone once the row is ordinary again, so not mutate's onSuccess.
            unpair.mutateAsync(id).then(
              (res) => notifySuccess(res.message || UNPAIR_SUCCESS),
              () => {}, // Shown above the button.
            )
          }
        >
          Not a transfer
        </WriteButton>
      </Card.Body>
    </Card.Root>
  )
}
