import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Link,
  List,
  Progress,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { CheckCircle2, Columns3, FileText, ListChecks, RotateCcw, Undo2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { AccountOptions } from '@/components/account-options'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { usePageTitle } from '@/components/use-page-title'
import { PageHeader } from '@/components/page-layout'
import { ReadOnlyHint, WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { useIdempotencyKey } from '@/lib/api/idempotency'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { replaceSearchParam } from '@/lib/search-params'
import { COMMIT_FALLBACK_ERROR, useCommitImport } from '../api/commit-import'
import { PREVIEW_FALLBACK_ERROR, usePreviewImport } from '../api/preview-import'
import type { CommitResult, ImportPreview, Mapping } from '../api/types'
import { UNDO_FALLBACK_ERROR, UNDO_SUCCESS, useUndoImport } from '../api/undo-import'
import { UPLOAD_FALLBACK_ERROR, useUploadStatement } from '../api/upload-statement'
import {
  addedText,
  countsText,
  importButtonLabel,
  MAX_STATEMENT_BYTES,
  presetLabel,
  TOO_LARGE_MESSAGE,
} from '../lib/labels'
import { readBody } from '../lib/mapping'
import { MappingDialog } from './mapping-dialog'
import { PastImports } from './past-imports'
import { PreviewRows } from './preview-rows'
import { UploadZone } from './upload-zone'

/** The account the statement goes into, kept in the address (`/import?accountId=…`). */
const ACCOUNT_PARAM = 'accountId'

type Done = CommitResult & { message: string; accountId: string }

/**
 * /import: choose the account and a statement; see every row as it would be stored, with the
 * ones the account already has greyed; confirm the columns of a CSV no bank layout matched;
 * import the new rows, and undo that if it was a mistake. Past imports are listed below.
 */
export function ImportPage() {
  usePageTitle('Import statement')
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false
  const [params, setParams] = useSearchParams()
  const accounts = useAccounts()
  const accountList = accounts.data?.accounts ?? []
  const requested = params.get(ACCOUNT_PARAM) ?? ''
  // The address's account once the accounts are known; the only account when there is one.
  const accountId = accountList.some((a) => a._id === requested)
    ? requested
    : accountList.length === 1
      ? accountList[0]!._id
      : ''

  const upload = useUploadStatement()
  const reread = usePreviewImport()
  const commit = useCommitImport()
  const undo = useUndoImport()
  const attempt = useIdempotencyKey()

  const [preview, setPreview] = useState<ImportPreview | null>(null)
  /** The columns the user confirmed for a CSV; null keeps the server's. */
  const [mapping, setMapping] = useState<Mapping | null>(null)
  const [mappingOpen, setMappingOpen] = useState(false)
  const [localError, setLocalError] = useState<string | null>(null)
  const [done, setDone] = useState<Done | null>(null)

  const previewHeading = useRef<HTMLHeadingElement>(null)
  const resultHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (preview) previewHeading.current?.focus()
  }, [preview?.importId]) // oxlint-disable-line react-hooks/exhaustive-deps -- a new file, not every re-read
  useEffect(() => {
    if (done) resultHeading.current?.focus()
  }, [done])

  const startOver = () => {
    setPreview(null)
    setMapping(null)
    setDone(null)
    setLocalError(null)
    upload.reset()
    reread.reset()
    commit.reset()
    undo.reset()
  }

  const chooseFile = (file: File) => {
    startOver()
    if (file.size > MAX_STATEMENT_BYTES) {
      setLocalError(TOO_LARGE_MESSAGE)
      return
    }
    upload.mutate(
      { file, accountId: accountId || undefined },
      {
        onSuccess: (read) => {
          setPreview(read)
          if (read.needsMapping) setMappingOpen(true)
        },
      },
    )
  }

  const chooseAccount = (next: string) => {
    replaceSearchParam(setParams, ACCOUNT_PARAM, next)
    // Duplicates are counted against the account: read the file again for the new one.
    if (preview && !done) {
      reread.mutate({ importId: preview.importId, body: readBody(next, mapping) }, { onSuccess: setPreview })
    }
  }

  const runCommit = () => {
    if (!preview || !accountId) return
    commit.mutate(
      {
        importId: preview.importId,
        body: { ...readBody(accountId, mapping), accountId },
        idempotencyKey: attempt.key,
      },
      {
        onSuccess: (res) => setDone({ ...res.data, message: res.message, accountId }),
        onSettled: (_res, error) => attempt.settle(error ?? undefined),
      },
    )
  }

  const runUndo = () => {
    if (!done) return
    undo.mutate(done.importId, {
      onSuccess: (res) => {
        notifySuccess(res.message || UNDO_SUCCESS)
        startOver()
      },
    })
  }

  const uploadError =
    localError ?? (upload.isError ? getErrorMessage(upload.error, UPLOAD_FALLBACK_ERROR) : null)
  const rereadError = reread.isError ? getErrorMessage(reread.error, PREVIEW_FALLBACK_ERROR) : null
  const commitError = commit.isError ? getErrorMessage(commit.error, COMMIT_FALLBACK_ERROR) : null
  const undoError = undo.isError ? getErrorMessage(undo.error, UNDO_FALLBACK_ERROR) : null
  const noAccounts = accounts.isSuccess && accountList.length === 0

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <PageHeader
        title="Import statement"
        subtitle="Bring in a bank statement: rows already in the account are never added twice."
        actions={
          <Button asChild variant="outline" size={{ base: 'sm', md: 'md' }}>
            <RouterLink to="/settings/rules">
              <ListChecks aria-hidden="true" />
              Categorisation rules
            </RouterLink>
          </Button>
        }
      />
      <ReadOnlyHint />

      <LoadError sources={[{ query: accounts, fallback: ACCOUNTS_FALLBACK_ERROR }]} />

      <Box maxW={{ md: 'md' }}>
        <SelectField
          label="Account"
          placeholder="Choose an account"
          value={accountId}
          disabled={!!done || commit.isPending}
          onChange={(event) => chooseAccount(event.target.value)}
          helperText={noAccounts ? undefined : 'Rows this account already has are not imported again.'}
        >
          <AccountOptions accounts={accountList} />
        </SelectField>
        {noAccounts ? (
          <Text fontSize="sm" mt="1">
            No accounts yet.{' '}
            <Link asChild color="teal.fg">
              <RouterLink to="/accounts">Add an account</RouterLink>
            </Link>{' '}
            first.
          </Text>
        ) : null}
      </Box>

      {done ? (
        <Result
          done={done}
          headingRef={resultHeading}
          undoing={undo.isPending}
          undoError={undoError}
          onDismissUndoError={() => undo.reset()}
          onUndo={runUndo}
          onAnother={startOver}
        />
      ) : preview ? (
        <Stack gap="4" as="section" aria-labelledby="preview-heading">
          <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }}>
            <Flex justify="space-between" gap="3" wrap="wrap" align="flex-start">
              <Stack gap="1" minW="0">
                <Heading as="h2" size="lg" id="preview-heading" ref={previewHeading} tabIndex={-1} outline="none">
                  <Flex as="span" gap="2" align="center">
                    <FileText size={20} aria-hidden="true" />
                    <Text as="span" wordBreak="break-all">
                      {preview.fileName}
                    </Text>
                  </Flex>
                </Heading>
                <Flex gap="2" align="center" wrap="wrap">
                  <Badge colorPalette="teal" variant="subtle" data-testid="preset">
                    {presetLabel(preview.preset, preview.format)}
                  </Badge>
                  <Text fontWeight="medium" data-testid="preview-counts" aria-live="polite">
                    {countsText(preview.newCount, preview.duplicateCount)}
                  </Text>
                </Flex>
              </Stack>
              <Flex gap="2" wrap="wrap">
                {preview.format === 'csv' ? (
                  <Button variant="outline" size="sm" onClick={() => setMappingOpen(true)}>
                    <Columns3 aria-hidden="true" />
                    Change columns
                  </Button>
                ) : null}
                <Button variant="ghost" size="sm" onClick={startOver} disabled={commit.isPending}>
                  <RotateCcw aria-hidden="true" />
                  Choose another file
                </Button>
              </Flex>
            </Flex>
          </Box>

          <ErrorAlert message={rereadError} onClose={() => reread.reset()} />
          {preview.errors.length > 0 ? (
            <Alert.Root status="warning" alignItems="flex-start" borderRadius="md">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {preview.errors.length === 1
                    ? '1 row could not be read and will be left out'
                    : `${preview.errors.length} rows could not be read and will be left out`}
                </Alert.Title>
                <Alert.Description>
                  <List.Root ps="4" mt="1" maxH="40" overflowY="auto" aria-label="Rows that could not be read">
                    {preview.errors.map((e) => (
                      <List.Item key={`${e.line}-${e.message}`}>
                        Line {e.line}: {e.message}
                      </List.Item>
                    ))}
                  </List.Root>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}

          <Box opacity={reread.isPending ? 0.6 : 1} transition="opacity 0.2s" aria-busy={reread.isPending}>
            {preview.rows.length > 0 ? (
              <PreviewRows rows={preview.rows} wide={wide} />
            ) : (
              <Text color="fg.muted">No rows could be read from this file.</Text>
            )}
          </Box>

          <Stack
            gap="3"
            bg="bg"
            borderWidth="1px"
            borderRadius="lg"
            p={{ base: '4', md: '5' }}
            position={{ base: 'static', md: 'sticky' }}
            bottom="4"
            shadow={{ md: 'md' }}
          >
            <ErrorAlert message={commitError} onClose={() => commit.reset()} />
            {commit.isPending ? (
              <Progress.Root value={null} colorPalette="teal" size="sm">
                <Progress.Track aria-label="Importing">
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Text color="fg.muted" fontSize="sm">
                {!accountId
                  ? 'Choose the account to import into.'
                  : preview.rows.length === 0
                    ? 'Nothing to import: no row could be read.'
                    : preview.newCount === 0
                      ? 'Nothing new: every row is already there.'
                      : preview.duplicateCount > 0
                        ? 'Rows already there are skipped.'
                        : 'Every row is new.'}
              </Text>
              <WriteButton
                colorPalette="teal"
                onClick={runCommit}
                disabled={!accountId || preview.newCount === 0 || reread.isPending}
                loading={commit.isPending}
                loadingText="Importing..."
                w={{ base: 'full', sm: 'auto' }}
              >
                {importButtonLabel(preview.newCount)}
              </WriteButton>
            </Flex>
          </Stack>

          <MappingDialog
            open={mappingOpen}
            onClose={() => setMappingOpen(false)}
            preview={preview}
            mapping={mapping}
            accountId={accountId}
            onPreviewed={(read, confirmed) => {
              setPreview(read)
              setMapping(confirmed)
            }}
          />
        </Stack>
      ) : (
        <Stack gap="3">
          <ErrorAlert message={uploadError} onClose={() => (localError ? setLocalError(null) : upload.reset())} />
          <UploadZone onFile={chooseFile} busy={upload.isPending} />
        </Stack>
      )}

      <PastImports accounts={accountList} />
    </Stack>
  )
}

type ResultProps = {
  done: Done
  headingRef: React.RefObject<HTMLHeadingElement | null>
  undoing: boolean
  undoError: string | null
  onDismissUndoError: () => void
  onUndo: () => void
  onAnother: () => void
}

/** What the import did, with Undo, View transactions and Import another statement. */
function Result({ done, headingRef, undoing, undoError, onDismissUndoError, onUndo, onAnother }: ResultProps) {
  return (
    <Stack gap="3" as="section" aria-labelledby="result-heading" bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
      <Flex gap="3" align="center">
        <Box color="fg.success" flexShrink={0}>
          <CheckCircle2 size={28} aria-hidden="true" />
        </Box>
        <Heading as="h2" size="lg" id="result-heading" ref={headingRef} tabIndex={-1} outline="none">
          Import complete
        </Heading>
      </Flex>
      <Text fontSize="lg" data-testid="import-result" role="status">
        {done.message || addedText(done.added, done.duplicates)}
      </Text>
      <ErrorAlert message={undoError} onClose={onDismissUndoError} />
      <Flex gap="2" wrap="wrap">
        <Button asChild colorPalette="teal">
          <RouterLink to={`/transactions?account=${encodeURIComponent(done.accountId)}`}>View transactions</RouterLink>
        </Button>
        <WriteButton variant="outline" onClick={onUndo} loading={undoing} loadingText="Undoing...">
          <Undo2 aria-hidden="true" />
          Undo
        </WriteButton>
        <Button variant="ghost" onClick={onAnother}>
          Import another statement
        </Button>
      </Flex>
    </Stack>
  )
}
