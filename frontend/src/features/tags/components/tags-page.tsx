import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { Merge, Pencil, Plus, Tag as TagIcon, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { CardGridSkeleton, EmptyState } from '@/components/page-layout'
import { SelectField } from '@/components/select-field'
import { TagChip } from '@/components/tag-chip'
import { usePageTitle } from '@/components/use-page-title'
import { ReadOnlyHint, WriteButton, WriteIconButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import type { Tag } from '@/lib/api/types'
import { TAGS_FALLBACK_ERROR, useTags } from '@/lib/tags/get-tags'
import { DELETE_TAG_FALLBACK_ERROR, useDeleteTag } from '../api/delete-tag'
import { MERGE_TAGS_FALLBACK_ERROR, useMergeTags } from '../api/merge-tags'
import { TagDialog } from './tag-dialog'

type OpenDialog = { kind: 'edit'; tag: Tag | null } | { kind: 'merge'; tag: Tag } | { kind: 'delete'; tag: Tag } | null

const transactions = (n: number) => `${n} ${n === 1 ? 'transaction' : 'transactions'}`

/** /tags: the household's tags with their counts; add, rename, recolour, merge and delete. */
export function TagsPage() {
  usePageTitle('Tags')
  const tags = useTags()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const list = tags.data ?? []
  const close = () => setDialog(null)

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align="center" justify="space-between" gap="3">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Tags
        </Heading>
        <WriteButton colorPalette="teal" size={{ base: 'sm', md: 'md' }} onClick={() => setDialog({ kind: 'edit', tag: null })}>
          <Plus aria-hidden="true" />
          Add Tag
        </WriteButton>
      </Flex>
      <ReadOnlyHint />
      <LoadError sources={[{ query: tags, fallback: TAGS_FALLBACK_ERROR }]} />

      {tags.isPending ? (
        <CardGridSkeleton label="Loading tags" count={4} height="14" gap="2" />
      ) : tags.isSuccess && list.length === 0 ? (
        <EmptyState icon={TagIcon} title="No tags yet" p="10">
          <Text color="fg.muted" fontSize="sm" textAlign="center">
            Tags cut across categories: &apos;Holiday 2026&apos;, &apos;Work expenses&apos;, &apos;Kids&apos;. Add them
            here or while adding a transaction.
          </Text>
        </EmptyState>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Tags">
          {list.map((tag) => (
            <TagRow
              key={tag._id}
              tag={tag}
              canMerge={list.length > 1}
              onEdit={() => setDialog({ kind: 'edit', tag })}
              onMerge={() => setDialog({ kind: 'merge', tag })}
              onDelete={() => setDialog({ kind: 'delete', tag })}
            />
          ))}
        </Stack>
      )}

      <TagDialog open={dialog?.kind === 'edit'} tag={dialog?.kind === 'edit' ? dialog.tag : null} onClose={close} />
      <MergeTagDialog tag={dialog?.kind === 'merge' ? dialog.tag : null} tags={list} onClose={close} />
      <DeleteTagDialog tag={dialog?.kind === 'delete' ? dialog.tag : null} onClose={close} />
    </Stack>
  )
}

type TagRowProps = { tag: Tag; canMerge: boolean; onEdit: () => void; onMerge: () => void; onDelete: () => void }

function TagRow({ tag, canMerge, onEdit, onMerge, onDelete }: TagRowProps) {
  return (
    <Box as="li" bg="bg" borderWidth="1px" borderRadius="md" px={{ base: '3', md: '4' }} py="2" data-testid="tag-row">
      <Flex align="center" gap="3">
        <Flex flex="1" minW="0" gap={{ base: '1', md: '4' }} direction={{ base: 'column', md: 'row' }} align={{ base: 'flex-start', md: 'center' }}>
          <TagChip name={tag.name} color={tag.color} />
          <RouterLink to={`/transactions?tags=${tag._id}`}>
            <Text as="span" fontSize="sm" color="fg.muted" textDecoration="underline">
              {transactions(tag.transactionCount)}
            </Text>
          </RouterLink>
        </Flex>
        <Flex gap="0" flexShrink={0}>
          <WriteIconButton aria-label={`Edit ${tag.name}`} variant="ghost" size="sm" onClick={onEdit}>
            <Pencil />
          </WriteIconButton>
          <WriteIconButton
            aria-label={`Merge ${tag.name}`}
            variant="ghost"
            size="sm"
            onClick={onMerge}
            disabled={!canMerge}
            title={canMerge ? undefined : 'Another tag is needed to merge into'}
          >
            <Merge />
          </WriteIconButton>
          <WriteIconButton aria-label={`Delete ${tag.name}`} variant="ghost" size="sm" colorPalette="red" onClick={onDelete}>
            <Trash2 />
          </WriteIconButton>
        </Flex>
      </Flex>
    </Box>
  )
}

/** Choose the tag to merge into, then confirm: its transactions carry that one instead. */
function MergeTagDialog({ tag, tags, onClose }: { tag: Tag | null; tags: readonly Tag[]; onClose: () => void }) {
  const [shown, setShown] = useState(tag)
  const [into, setInto] = useState('')
  if (tag && tag !== shown) {
    setShown(tag)
    setInto('')
  }
  const mutation = useMergeTags()
  const target = tags.find((t) => t._id === into)
  const from = tag ?? shown
  return (
    <ConfirmDialog
      open={tag !== null}
      title="Merge Tag"
      confirmLabel="Merge"
      pendingLabel="Merging..."
      confirmPalette="teal"
      pending={mutation.isPending}
      confirmDisabled={!target}
      error={mutation.isError ? getErrorMessage(mutation.error, MERGE_TAGS_FALLBACK_ERROR) : null}
      onDismissError={() => mutation.reset()}
      onConfirm={() => {
        if (!tag || !target) return
        mutation.mutate(
          { id: tag._id, intoTagId: target._id },
          {
            onSuccess: () => {
              notifySuccess(`Merged into ${target.name}`)
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
      <Stack gap="3">
        <SelectField label="Merge into" size="md" value={into} onChange={(e) => setInto(e.target.value)} placeholder="Choose a tag">
          {tags
            .filter((t) => t._id !== from?._id)
            .map((t) => (
              <option key={t._id} value={t._id}>
                {t.name}
              </option>
            ))}
        </SelectField>
        <Text fontSize="sm" color="fg.muted">
          {target
            ? `The ${transactions(from?.transactionCount ?? 0)} tagged "${from?.name}" will be tagged "${target.name}" instead, and "${from?.name}" will be deleted.`
            : `Every transaction tagged "${from?.name}" will carry the tag you choose instead.`}
        </Text>
      </Stack>
    </ConfirmDialog>
  )
}

/** Confirm first; it says that no transaction is deleted. */
function DeleteTagDialog({ tag, onClose }: { tag: Tag | null; onClose: () => void }) {
  const [shown, setShown] = useState(tag)
  if (tag && tag !== shown) setShown(tag)
  const mutation = useDeleteTag()
  const current = tag ?? shown
  return (
    <ConfirmDialog
      open={tag !== null}
      title="Delete Tag"
      pending={mutation.isPending}
      error={mutation.isError ? getErrorMessage(mutation.error, DELETE_TAG_FALLBACK_ERROR) : null}
      onDismissError={() => mutation.reset()}
      onConfirm={() => {
        if (!tag) return
        mutation.mutate(tag._id, {
          onSuccess: () => {
            notifySuccess('Tag deleted successfully')
            onClose()
          },
        })
      }}
      onClose={() => {
        mutation.reset()
        onClose()
      }}
    >
      <Stack gap="2">
        <Text>Are you sure you want to delete &quot;{current?.name}&quot;?</Text>
        <Text fontSize="sm" color="fg.muted">
          It comes off {transactions(current?.transactionCount ?? 0)}. No transaction is deleted.
        </Text>
      </Stack>
    </ConfirmDialog>
  )
}
