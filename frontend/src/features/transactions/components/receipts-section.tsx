import { Box, Card, Flex, Heading, HStack, Image, Link, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react'
import { Camera, FileText, Paperclip, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { WriteButton, WriteIconButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { newIdempotencyKey } from '@/lib/api/idempotency'
import { formatDate } from '@/lib/format'
import { ATTACH_RECEIPT_FALLBACK_ERROR, useAttachReceipt } from '../api/attach-receipt'
import { DELETE_RECEIPT_FALLBACK_ERROR, useDeleteReceipt } from '../api/delete-receipt'
import { type Receipt, RECEIPTS_LOAD_FALLBACK_ERROR, useReceipts } from '../api/get-receipts'
import { formatFileSize, RECEIPT_ACCEPT, receiptFileProblem } from '../lib/receipts'

export const DELETE_RECEIPT_TEXT = 'Are you sure you want to delete this receipt? This action cannot be undone.'

type ReceiptsSectionProps = { transactionId: string }

/**
 * The transaction's receipts on its detail page: thumbnails (a PDF as a file with its size), each
 * opening the receipt full size; 'Take Photo' (the camera, on a phone) and 'Attach File'; delete
 * after a confirmation.
 */
export function ReceiptsSection({ transactionId }: ReceiptsSectionProps) {
  const headingId = useId()
  const receipts = useReceipts(transactionId)
  const attach = useAttachReceipt()
  const [problem, setProblem] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Receipt | null>(null)
  const cameraInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  const pick = (input: HTMLInputElement) => {
    const file = input.files?.[0]
    // The same file chosen again must fire again.
    input.value = ''
    if (!file) return
    const refused = receiptFileProblem(file)
    setProblem(refused)
    attach.reset()
    if (refused) return
    attach.mutate(
      { transactionId, file, idempotencyKey: newIdempotencyKey() },
      { onSuccess: () => notifySuccess('Receipt attached') },
    )
  }

  const error = problem ?? (attach.isError ? getErrorMessage(attach.error, ATTACH_RECEIPT_FALLBACK_ERROR) : null)
  const list = receipts.data ?? []

  return (
    <Card.Root variant="outline" bg="bg" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="md" id={headingId}>
              <HStack gap="2">
                <Paperclip size={18} aria-hidden="true" />
                <span>Receipts</span>
              </HStack>
            </Heading>
            <HStack gap="2" wrap="wrap">
              {/* On a phone the camera opens straight away; elsewhere 'Attach File' is the one way. */}
              <WriteButton
                size="sm"
                variant="outline"
                hideFrom="md"
                loading={attach.isPending}
                onClick={() => cameraInput.current?.click()}
              >
                <Camera aria-hidden="true" />
                Take Photo
              </WriteButton>
              <WriteButton
                size="sm"
                variant="outline"
                loading={attach.isPending}
                loadingText="Attaching..."
                onClick={() => fileInput.current?.click()}
              >
                <Paperclip aria-hidden="true" />
                Attach File
              </WriteButton>
            </HStack>
          </Flex>
          <input
            ref={cameraInput}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            aria-label="Take a photo of a receipt"
            onChange={(e) => pick(e.currentTarget)}
          />
          <input
            ref={fileInput}
            type="file"
            accept={RECEIPT_ACCEPT}
            hidden
            aria-label="Choose a receipt file"
            data-testid="receipt-file-input"
            onChange={(e) => pick(e.currentTarget)}
          />
          <ErrorAlert
            message={error}
            onClose={() => {
              setProblem(null)
              attach.reset()
            }}
          />
          {receipts.isPending ? (
            <HStack color="fg.muted">
              <Spinner size="sm" />
              <Text>Loading receipts</Text>
            </HStack>
          ) : receipts.isError ? (
            <ErrorAlert message={getErrorMessage(receipts.error, RECEIPTS_LOAD_FALLBACK_ERROR)} />
          ) : list.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              No receipts yet. Attach a photo or a PDF of the receipt.
            </Text>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, sm: 3, lg: 4 }} gap="3" aria-label="Receipts">
              {list.map((receipt, i) => (
                <Box as="li" key={receipt._id}>
                  <ReceiptTile receipt={receipt} index={list.length - i} onDelete={() => setDeleting(receipt)} />
                </Box>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card.Body>
      <DeleteReceiptDialog transactionId={transactionId} receipt={deleting} onClose={() => setDeleting(null)} />
    </Card.Root>
  )
}

type ReceiptTileProps = { receipt: Receipt; index: number; onDelete: () => void }

function ReceiptTile({ receipt, index, onDelete }: ReceiptTileProps) {
  const name = `Receipt ${index}`
  const added = formatDate(receipt.createdAt)
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" overflow="hidden" h="full">
      <Link
        href={receipt.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open ${name} (${receipt.thumbnailUrl ? 'photo' : 'PDF'}, added ${added})`}
        display="block"
        textDecoration="none"
        _hover={{ opacity: 0.85, textDecoration: 'none' }}
      >
        {receipt.thumbnailUrl ? (
          <Image src={receipt.thumbnailUrl} alt="" w="full" aspectRatio="1" objectFit="cover" loading="lazy" bg="bg.muted" />
        ) : (
          <Stack
            w="full"
            aspectRatio="1"
            align="center"
            justify="center"
            gap="1"
            bg="bg.muted"
            color="fg.muted"
            data-testid="receipt-pdf"
          >
            <FileText size={36} aria-hidden="true" />
            <Text fontSize="xs" fontWeight="medium">
              PDF · {formatFileSize(receipt.size)}
            </Text>
          </Stack>
        )}
      </Link>
      <Flex align="center" justify="space-between" gap="1" ps="2" pe="1" pb="1">
        <Text fontSize="xs" color="fg.muted" truncate>
          {added}
        </Text>
        <WriteIconButton aria-label={`Delete ${name}`} title="Delete" size="xs" variant="ghost" colorPalette="red" onClick={onDelete}>
          <Trash2 />
        </WriteIconButton>
      </Flex>
    </Stack>
  )
}

type DeleteReceiptDialogProps = { transactionId: string; receipt: Receipt | null; onClose: () => void }

function DeleteReceiptDialog({ transactionId, receipt, onClose }: DeleteReceiptDialogProps) {
  const mutation = useDeleteReceipt()
  return (
    <ConfirmDialog
      open={receipt !== null}
      title="Delete Receipt"
      pending={mutation.isPending}
      error={mutation.isError ? getErrorMessage(mutation.error, DELETE_RECEIPT_FALLBACK_ERROR) : null}
      onDismissError={() => mutation.reset()}
      onConfirm={() => {
        if (!receipt) return
        mutation.mutate(
          { transactionId, receiptId: receipt._id },
          {
            onSuccess: () => {
              notifySuccess('Receipt deleted')
              onClose()
            },
          },
        )
      }}
      onClose={() => {
        mutation.reset()
        onClose()
      }}
    >
      {DELETE_RECEIPT_TEXT}
    </ConfirmDialog>
  )
}
