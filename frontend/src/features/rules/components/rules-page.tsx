import { Badge, Box, Flex, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { ArrowDown, ArrowRight, ArrowUp, ListChecks, Pencil, Plus, Trash2, Wand2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { usePageTitle } from '@/components/use-page-title'
import { EmptyState, PageHeader } from '@/components/page-layout'
import { ReadOnlyHint, WriteButton, WriteIconButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { APPLY_FALLBACK_ERROR, useApplyRules } from '../api/apply-rules'
import { DELETE_RULE_FALLBACK_ERROR, DELETE_RULE_SUCCESS, useDeleteRule } from '../api/delete-rule'
import { RULES_FALLBACK_ERROR, useRules } from '../api/get-rules'
import { REORDER_FALLBACK_ERROR, useReorderRules } from '../api/reorder-rules'
import type { Rule } from '../api/types'
import { amountRangeText, moved } from '../lib/describe'
import { matchTypeLabel } from '../schemas/rule'
import { RuleDialog } from './rule-dialog'
import { TagChips } from '@/components/tag-chip'
import { useTags } from '@/lib/tags/get-tags'

/** A dialog's rule is kept after closing, so its text does not change while it animates out. */
type DialogState = { rule: Rule | null; open: boolean }
const closed: DialogState = { rule: null, open: false }

/** Where focus goes after a move: the moved rule's button in the same direction, if it can still move. */
type FocusAfterMove = { id: string; step: -1 | 1 } | null

/**
 * /settings/rules: the user's categorisation rules in the order they apply (the first that
 * matches wins), with add, edit, delete, move up and down, and 'Apply to existing transactions'
 * (a dry run first, which says how many would change, then the real run on confirmation).
 */
export function RulesPage() {
  usePageTitle('Categorisation rules')
  const rules = useRules()
  const reorder = useReorderRules()
  const deleteMutation = useDeleteRule()
  const dryRun = useApplyRules()
  const apply = useApplyRules()
  const [form, setForm] = useState<DialogState>(closed)
  const [toDelete, setToDelete] = useState<DialogState>(closed)
  const [applyOpen, setApplyOpen] = useState(false)
  const focusAfterMove = useRef<FocusAfterMove>(null)

  const list = rules.data ?? []

  // Once the new order shows, focus stays with the moved rule.
  useEffect(() => {
    const target = focusAfterMove.current
    if (!target) return
    focusAfterMove.current = null
    const button = (step: number) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${step}"][data-rule="${target.id}"]`)
    const same = button(target.step)
    ;(same && !same.disabled ? same : button(-target.step))?.focus()
  }, [rules.data])

  const move = (index: number, step: -1 | 1) => {
    const rule = list[index]
    if (!rule || reorder.isPending) return
    focusAfterMove.current = { id: rule._id, step }
    reorder.mutate(moved(list.map((r) => r._id), index, step))
  }

  const startApply = () => {
    apply.reset()
    dryRun.mutate({ dryRun: true }, { onSuccess: () => setApplyOpen(true) })
  }

  const add = () => setForm({ rule: null, open: true })

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <PageHeader
        title="Categorisation rules"
        subtitle="Imported and bank transactions get their category from the first rule that matches."
        actions={
          <Flex gap="2" wrap="wrap">
            {list.length > 0 ? (
              <WriteButton variant="outline" onClick={startApply} loading={dryRun.isPending} loadingText="Checking...">
                <Wand2 aria-hidden="true" />
                Apply to existing transactions
              </WriteButton>
            ) : null}
            <WriteButton colorPalette="teal" onClick={add}>
              <Plus aria-hidden="true" />
              Add Rule
            </WriteButton>
          </Flex>
        }
      />
      <ReadOnlyHint />

      <LoadError sources={[{ query: rules, fallback: RULES_FALLBACK_ERROR }]} />
      <ErrorAlert
        message={dryRun.isError ? getErrorMessage(dryRun.error, APPLY_FALLBACK_ERROR) : null}
        onClose={() => dryRun.reset()}
      />
      <ErrorAlert
        message={reorder.isError ? getErrorMessage(reorder.error, REORDER_FALLBACK_ERROR) : null}
        onClose={() => reorder.reset()}
      />

      {rules.isPending ? (
        <Stack gap="2" role="status" aria-label="Loading rules">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height="20" borderRadius="md" />
          ))}
        </Stack>
      ) : rules.isSuccess && list.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title="No rules yet"
          textMaxW="lg"
          text={
            <>
              A rule gives every transaction whose description matches a category, and can tidy its
              description too: &quot;TESCO STORES 2231&quot; becomes Tesco, in Groceries.
            </>
          }
        >
          <WriteButton colorPalette="teal" onClick={add}>
            <Plus aria-hidden="true" />
            Add your first rule
          </WriteButton>
        </EmptyState>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" aria-label="Rules, first applied first">
          {list.map((rule, index) => (
            <RuleRow
              key={rule._id}
              rule={rule}
              index={index}
              count={list.length}
              onMove={(step) => move(index, step)}
              onEdit={() => setForm({ rule, open: true })}
              onDelete={() => {
                deleteMutation.reset()
                setToDelete({ rule, open: true })
              }}
            />
          ))}
        </Stack>
      )}

      <Text fontSize="sm" color="fg.muted">
        Rules also apply to new{' '}
        <RouterLink to="/import" style={{ textDecoration: 'underline' }}>
          statement imports
        </RouterLink>{' '}
        and bank syncs.
      </Text>

      <RuleDialog open={form.open} rule={form.rule} onClose={() => setForm((f) => ({ ...f, open: false }))} />
      <ConfirmDialog
        open={toDelete.open}
        title="Delete Rule"
        pending={deleteMutation.isPending}
        error={deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_RULE_FALLBACK_ERROR) : null}
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!toDelete.rule) return
          deleteMutation.mutate(toDelete.rule._id, {
            onSuccess: (res) => {
              notifySuccess(res.message || DELETE_RULE_SUCCESS)
              setToDelete((d) => ({ ...d, open: false }))
            },
          })
        }}
        onClose={() => setToDelete((d) => ({ ...d, open: false }))}
      >
        <Stack gap="2">
          <Text>Delete the rule for &quot;{toDelete.rule?.pattern}&quot;?</Text>
          <Text color="fg.muted" fontSize="sm">
            Transactions it already categorised keep their categories.
          </Text>
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        open={applyOpen}
        title="Apply rules"
        confirmLabel="Apply rules"
        pendingLabel="Applying..."
        pending={apply.isPending}
        confirmDisabled={(dryRun.data?.data.changed ?? 0) === 0}
        error={apply.isError ? getErrorMessage(apply.error, APPLY_FALLBACK_ERROR) : null}
        onDismissError={() => apply.reset()}
        onConfirm={() =>
          apply.mutate(
            { dryRun: false },
            {
              onSuccess: (res) => {
                notifySuccess(res.message)
                setApplyOpen(false)
              },
            },
          )
        }
        onClose={() => setApplyOpen(false)}
      >
        <Stack gap="2">
          <Text fontWeight="medium" data-testid="apply-dry-run">
            {dryRun.data?.message}
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Every rule runs over your existing transactions (not transfers), first rule first. Their
            categories and descriptions change; this cannot be undone.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}

type RuleRowProps = {
  rule: Rule
  index: number
  count: number
  onMove: (step: -1 | 1) => void
  onEdit: () => void
  onDelete: () => void
}

function RuleRow({ rule, index, count, onMove, onEdit, onDelete }: RuleRowProps) {
  const range = amountRangeText(rule)
  const name = `"${rule.pattern}"`
  return (
    <Box as="li" data-testid="rule-row" bg="bg" borderWidth="1px" borderRadius="md" px={{ base: '3', md: '4' }} py="3">
      <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Flex gap="3" align="flex-start" flex="1" minW="0">
          <Text color="fg.muted" fontVariantNumeric="tabular-nums" fontWeight="medium" minW="6" aria-hidden="true">
            {index + 1}.
          </Text>
          <Stack gap="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <Text color="fg.muted" fontSize="sm">
                {matchTypeLabel(rule.matchType)}
              </Text>
              <Text fontWeight="semibold" wordBreak="break-word">
                {name}
              </Text>
              <ArrowRight size={16} aria-hidden="true" />
              <VisuallyHidden>sets category</VisuallyHidden>
              <Badge colorPalette="teal" variant="subtle">
                {rule.categoryName}
              </Badge>
              {rule.markTransfer ? (
                <Badge colorPalette="blue" variant="subtle" title="Matching rows are transfers between my accounts">
                  Transfer
                </Badge>
              ) : null}
              <RuleTags ids={rule.tagIds ?? []} />
            </Flex>
            <Text fontSize="sm" color="fg.muted" data-testid="rule-facts">
              {/* The dot keeps to the fact before it (a no-break space), so a wrapped line never starts with one. */}
              {[rule.accountName ?? 'Any account', range, rule.rename ? `Renamed to "${rule.rename}"` : null]
                .filter(Boolean)
                .join('\u00a0· ')}
            </Text>
          </Stack>
        </Flex>
        <Flex gap="1" flexShrink={0} alignSelf={{ base: 'flex-end', md: 'center' }}>
          <WriteIconButton
            aria-label={`Move rule ${name} up`}
            title="Move up"
            variant="ghost"
            size="sm"
            data-move="-1"
            data-rule={rule._id}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp />
          </WriteIconButton>
          <WriteIconButton
            aria-label={`Move rule ${name} down`}
            title="Move down"
            variant="ghost"
            size="sm"
            data-move="1"
            data-rule={rule._id}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown />
          </WriteIconButton>
          <WriteIconButton aria-label={`Edit rule ${name}`} title="Edit" variant="ghost" size="sm" onClick={onEdit}>
            <Pencil />
          </WriteIconButton>
          <WriteIconButton
            aria-label={`Delete rule ${name}`}
            title="Delete"
            variant="ghost"
            size="sm"
            colorPalette="red"
            onClick={onDelete}
          >
            <Trash2 />
          </WriteIconButton>
        </Flex>
      </Flex>
    </Box>
  )
}

/** The tags a rule adds, named from the household's tags (one since deleted is not shown). */
function RuleTags({ ids }: { ids: readonly string[] }) {
  const tags = useTags()
  const chosen = (tags.data ?? []).filter((t) => ids.includes(t._id))
  if (chosen.length === 0) return null
  return (
    <>
      <VisuallyHidden>adds tags</VisuallyHidden>
      <TagChips tags={chosen} />
    </>
  )
}
