import { Box, Button, Checkbox, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { DatabaseBackup, Download, FileUp, Upload } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { usePageTitle } from '@/components/use-page-title'
import { ReadOnlyHint, WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { BACKUP_FALLBACK_ERROR, useDownloadBackup } from '../api/download-backup'
import { RESTORE_FALLBACK_ERROR, RESTORE_SUCCESS, useRestoreBackup } from '../api/restore-backup'
import { missingPhotosText, restoredCountsText } from '../lib/counts'

export const BACKUP_DOWNLOADED = 'Backup downloaded'

/**
 * /settings/backup: download everything as one file, and
 * restore such a file into an account that has nothing in it yet.
 */
export function BackupPage() {
  usePageTitle('Backup and restore')
  const navigate = useNavigate()
  const download = useDownloadBackup()
  const restore = useRestoreBackup()
  const [file, setFile] = useState<File | null>(null)
  const [withPhotos, setWithPhotos] = useState(false)
  const [confirmOpen, setConfirmOpen] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const fileNameId = useId()

  return (
    <Stack gap={{ base: '4', md: '6' }} maxW="3xl">
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Backup and restore
        </Heading>
        <Text color="fg.muted" mt="1">
          Keep a copy of everything in MySpending, or move it to another server.
        </Text>
      </Box>

      <Stack as="section" aria-labelledby="backup-heading" gap="3" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Flex gap="2" align="center">
          <DatabaseBackup size={20} aria-hidden="true" />
          <Heading as="h2" size="lg" id="backup-heading">
            Download backup
          </Heading>
        </Flex>
        <Text color="fg.muted">
          One file with every account, transaction, category, budget, goal, recurring item, inventory
          item, shopping list entry, rule and import. With the item photos, it comes as a .zip.
        </Text>
        <Checkbox.Root
          checked={withPhotos}
          onCheckedChange={(details) => setWithPhotos(details.checked === true)}
          colorPalette="teal"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Include item photos</Checkbox.Label>
        </Checkbox.Root>
        <ErrorAlert
          message={download.isError ? getErrorMessage(download.error, BACKUP_FALLBACK_ERROR) : null}
          onClose={() => download.reset()}
        />
        <Box>
          <Button
            colorPalette="teal"
            loading={download.isPending}
            loadingText="Preparing..."
            onClick={() => download.mutate(withPhotos, { onSuccess: () => notifySuccess(BACKUP_DOWNLOADED) })}
          >
            <Download aria-hidden="true" />
            Download backup
          </Button>
        </Box>
      </Stack>

      <Stack as="section" aria-labelledby="restore-heading" gap="3" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
        <Flex gap="2" align="center">
          <Upload size={20} aria-hidden="true" />
          <Heading as="h2" size="lg" id="restore-heading">
            Restore from backup
          </Heading>
        </Flex>
        <Text color="fg.muted">
          Rebuilds everything from a MySpending backup file (.json, or .zip with photos). It only works on an empty account, with no
          accounts, transactions, goals or inventory yet: a restore never merges into existing data.
        </Text>
        <ReadOnlyHint />
        <VisuallyHidden asChild>
          <input
            ref={inputRef}
            type="file"
            accept=".json,.zip,application/json,application/zip"
            aria-label="Backup file"
            tabIndex={-1}
            onChange={(event) => {
              const chosen = event.target.files?.[0]
              if (chosen) {
                setFile(chosen)
                restore.reset()
              }
              event.target.value = ''
            }}
          />
        </VisuallyHidden>
        <Flex gap="3" align="center" wrap="wrap">
          <WriteButton variant="outline" onClick={() => inputRef.current?.click()}>
            <FileUp aria-hidden="true" />
            Choose backup file
          </WriteButton>
          <Text id={fileNameId} color={file ? undefined : 'fg.muted'} wordBreak="break-all" data-testid="backup-file-name">
            {file ? file.name : 'No file chosen'}
          </Text>
        </Flex>
        <Box>
          <WriteButton
            colorPalette="red"
            disabled={!file}
            aria-describedby={fileNameId}
            onClick={() => {
              restore.reset()
              setConfirmOpen(true)
            }}
          >
            Restore from backup
          </WriteButton>
        </Box>
      </Stack>

      <ConfirmDialog
        open={confirmOpen}
        title="Restore from backup"
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        error={restore.isError ? getErrorMessage(restore.error, RESTORE_FALLBACK_ERROR) : null}
        onDismissError={() => restore.reset()}
        onConfirm={() => {
          if (!file) return
          restore.mutate(file, {
            onSuccess: (res) => {
              const counts = restoredCountsText(res.data)
              const message = res.message || RESTORE_SUCCESS
              const missing = missingPhotosText(res.data)
              const said = counts ? `${message}: ${counts}` : message
              notifySuccess(missing ? `${said}. ${missing}` : said)
              setConfirmOpen(false)
              navigate('/dashboard')
            },
          })
        }}
        onClose={() => setConfirmOpen(false)}
      >
        <Stack gap="2">
          <Text>Restore everything from &quot;{file?.name}&quot;?</Text>
          <Text color="fg.muted" fontSize="sm">
            This only works on an empty account. If this account already has accounts, transactions,
            goals or inventory, the server refuses and nothing changes.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}
