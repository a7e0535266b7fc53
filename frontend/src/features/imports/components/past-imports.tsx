import { Box, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Undo2 } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import type { Account } from '@/lib/api/types'
import { formatLondonDateTime } from '@/lib/format'
import { IMPORTS_FALLBACK_ERROR, useImports } from '../api/get-imports'
import type { PastImport } from '../api/types'
import { UNDO_FALLBACK_ERROR, UNDO_SUCCESS, useUndoImport } from '../api/undo-import'
import { addedText, presetLabel } from '../lib/labels'

/** Kept after closing, so the dialog's text does not change while it animates out. */
type Confirming = { item: PastImport | null; open: boolean }

/** 'Past imports': every committed import, newest first, each with Undo (confirmed first). */
export function PastImports({ accounts }: { accounts: Account[] }) {
  const imports = useImports()
  const undo = useUndoImport()
  const [confirming, setConfirming] = useState<Confirming>({ item: null, open: false })
  const accountName = (id: string | null | undefined) => accounts.find((a) => a._id === id)?.name

  const list = imports.data ?? []
  return (
    <Stack gap="3" as="section" aria-labelledby="past-imports-heading">
      <Heading as="h2" size="lg" id="past-imports-heading">
        Past imports
      </Heading>
      <LoadError sources={[{ query: imports, fallback: IMPORTS_FALLBACK_ERROR }]} />
      {imports.isPending ? (
        <Skeleton height="16" borderRadius="md" />
      ) : imports.isSuccess && list.length === 0 ? (
        <Text color="fg.muted">No statements imported yet.</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none">
          {list.map((item) => (
            <Box
              as="li"
              key={item.importId}
              data-testid="past-import"
              bg="bg"
              borderWidth="1px"
              borderRadius="md"
              px="4"
              py="3"
            >
              <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
                <Box minW="0">
                  <Text fontWeight="medium" wordBreak="break-all">
                    {item.fileName}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {[presetLabel(item.preset, item.format), accountName(item.accountId), formatLondonDateTime(item.createdAt)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Text fontSize="sm">{addedText(item.added, item.duplicates)}</Text>
                </Box>
                <WriteButton
                  size="sm"
                  variant="outline"
                  flexShrink={0}
                  aria-label={`Undo import of ${item.fileName}`}
                  onClick={() => {
                    undo.reset()
                    setConfirming({ item, open: true })
                  }}
                >
                  <Undo2 aria-hidden="true" />
                  Undo
                </WriteButton>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming.open}
        title="Undo import"
        confirmLabel="Undo import"
        pendingLabel="Undoing..."
        pending={undo.isPending}
        error={undo.isError ? getErrorMessage(undo.error, UNDO_FALLBACK_ERROR) : null}
        onDismissError={() => undo.reset()}
        onConfirm={() => {
          if (!confirming.item) return
          undo.mutate(confirming.item.importId, {
            onSuccess: (res) => {
              notifySuccess(res.message || UNDO_SUCCESS)
              setConfirming((c) => ({ ...c, open: false }))
            },
          })
        }}
        onClose={() => setConfirming((c) => ({ ...c, open: false }))}
      >
        <Stack gap="2">
          <Text>
            Remove the {confirming.item?.added ?? 0} transactions that &quot;{confirming.item?.fileName}&quot; added?
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Balances go back to what they were before the import. Transactions you added yourself stay.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}
