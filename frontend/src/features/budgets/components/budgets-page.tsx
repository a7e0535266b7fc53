import { Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { PiggyBank, Plus, Target, TriangleAlert, Wallet } from 'lucide-react'
import { useMemo, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { SummaryTile } from '@/components/summary-tile'
import { usePageTitle } from '@/components/use-page-title'
import { useTimedNotice } from '@/components/use-timed-notice'
import { notifySuccess } from '@/components/notify'
import { CardGridSkeleton, EmptyState, PageHeader } from '@/components/page-layout'
import { AnalyticsLinkButton, FinaliseMonthButton } from '@/components/header-buttons'
import { ReadOnlyHint, WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { formatMoney } from '@/lib/format'
import { CATEGORIES_FALLBACK_ERROR, useCategories } from '@/lib/ledger/get-categories'
import { toPence } from '@/lib/money'
import {
  FINALIZE_FALLBACK_ERROR,
  FINALIZE_SUCCESS,
  useFinalizeMonth,
} from '../api/finalize-month'
import { BUDGETS_FALLBACK_ERROR, useBudgets } from '../api/get-budgets'
import { REMOVE_BUDGET_FALLBACK_ERROR, useRemoveBudget } from '../api/remove-budget'
import type { Budget } from '../api/types'
import { eligibleCategories } from '../lib/eligible'
import { budgetTotals } from '../lib/figures'
import { BudgetCard } from './budget-card'
import { BudgetDialog, type BudgetTarget } from './budget-dialog'
import { CategoryPickerDialog } from './category-picker-dialog'

/** Notices of this kind last 4 seconds (as on the users screen). */
const FINALISE_NOTICE_MS = 4000

type BudgetsPageProps = {
  /** Finalise Month is for a superadmin only; app/ knows the user. */
  canFinaliseMonth: boolean
}

/** /budgets: this month's limits per expense category, their spending and status. */
export function BudgetsPage({ canFinaliseMonth }: BudgetsPageProps) {
  usePageTitle('Budgets')
  const budgets = useBudgets()
  const categories = useCategories()
  const removeMutation = useRemoveBudget()
  const finalize = useFinalizeMonth()
  const { notice, show, clear } = useTimedNotice(FINALISE_NOTICE_MS)
  const [pickerOpen, setPickerOpen] = useState(false)
  const [target, setTarget] = useState<BudgetTarget | null>(null)
  // Kept after closing, so the dialog's text does not change while it animates out.
  const [toRemove, setToRemove] = useState<Budget | null>(null)
  const [removeOpen, setRemoveOpen] = useState(false)

  const list = useMemo(() => budgets.data?.budgets ?? [], [budgets.data])
  const info = budgets.data?.monthInfo
  const totals = budgetTotals(list)
  const eligible = useMemo(() => eligibleCategories(categories.data ?? [], list), [categories.data, list])
  const canAdd = categories.isSuccess && budgets.isSuccess && eligible.length > 0

  const finaliseMonth = () => {
    if (!info) return
    finalize.mutate(
      { year: info.year, month: info.month },
      {
        onSuccess: (res) => show(res.message || FINALIZE_SUCCESS, 'success'),
        onError: (error) => show(getErrorMessage(error, FINALIZE_FALLBACK_ERROR), 'error'),
      },
    )
  }

  const addButton = (label: string) => (
    <WriteButton
      colorPalette="teal"
      size={{ base: 'sm', md: 'md' }}
      onClick={() => setPickerOpen(true)}
      disabled={!canAdd}
    >
      <Plus aria-hidden="true" />
      {label}
    </WriteButton>
  )

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <PageHeader
        title="Monthly Budgets"
        subtitle={info ? `Spending limits for ${info.monthName} ${info.year}` : '\u00a0'}
        actions={
          <Flex gap="2" wrap="wrap">
            <AnalyticsLinkButton to="/budgets/analytics" />
            {canFinaliseMonth ? (
              <FinaliseMonthButton onClick={finaliseMonth} loading={finalize.isPending} disabled={!info} />
            ) : null}
            {list.length > 0 ? addButton('Add Budget') : null}
          </Flex>
        }
      />
      <ReadOnlyHint />

      <Notice notice={notice} onClose={clear} />
      <LoadError
        sources={[
          { query: budgets, fallback: BUDGETS_FALLBACK_ERROR },
          { query: categories, fallback: CATEGORIES_FALLBACK_ERROR },
        ]}
      />

      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
        <SummaryTile
          label="Total Budget"
          icon={Wallet}
          value={budgets.data ? formatMoney(totals.totalBudgetPence) : '—'}
        />
        <SummaryTile
          label="Total Spent"
          icon={PiggyBank}
          palette="orange"
          color={totals.totalSpentPence > totals.totalBudgetPence ? 'fg.error' : undefined}
          value={budgets.data ? formatMoney(totals.totalSpentPence) : '—'}
        />
        <SummaryTile
          label="Active Budgets"
          icon={Target}
          palette="blue"
          value={budgets.data ? String(totals.activeBudgets) : '—'}
        />
        <SummaryTile
          label="Over Budget"
          icon={TriangleAlert}
          palette="red"
          color={totals.overBudget > 0 ? 'fg.error' : undefined}
          value={budgets.data ? String(totals.overBudget) : '—'}
        />
      </SimpleGrid>

      {list.length > 0 && categories.isSuccess && eligible.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          All expense categories already have budgets set.
        </Text>
      ) : null}

      {budgets.isPending ? (
        <CardGridSkeleton label="Loading budgets" height="48" />
      ) : budgets.isSuccess && list.length === 0 ? (
        <EmptyState
          icon={Target}
          title="No budgets set yet"
          text="Set a monthly limit for an expense category to see how your spending compares."
        >
          {addButton(canAdd || !categories.isSuccess ? 'Add Budget' : 'No Categories Available')}
        </EmptyState>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {list.map((budget) => (
            <BudgetCard
              key={budget._id}
              budget={budget}
              onEdit={() =>
                setTarget({ category: budget.categoryId, limitPence: toPence(budget.limit) })
              }
              onRemove={() => {
                removeMutation.reset()
                setToRemove(budget)
                setRemoveOpen(true)
              }}
            />
          ))}
        </SimpleGrid>
      )}

      <CategoryPickerDialog
        open={pickerOpen}
        categories={eligible}
        onClose={() => setPickerOpen(false)}
        onPick={(category) => {
          setPickerOpen(false)
          setTarget({ category, limitPence: null })
        }}
      />
      <BudgetDialog target={target} onClose={() => setTarget(null)} />
      <ConfirmDialog
        open={removeOpen}
        title="Remove Budget"
        confirmLabel="Remove Budget"
        pendingLabel="Removing..."
        pending={removeMutation.isPending}
        error={
          removeMutation.isError ? getErrorMessage(removeMutation.error, REMOVE_BUDGET_FALLBACK_ERROR) : null
        }
        onDismissError={() => removeMutation.reset()}
        onConfirm={() => {
          if (!toRemove) return
          removeMutation.mutate(toRemove._id, {
            onSuccess: () => {
              notifySuccess('Budget removed successfully')
              setRemoveOpen(false)
            },
          })
        }}
        onClose={() => setRemoveOpen(false)}
      >
        <Stack gap="2">
          <Text>
            Are you sure you want to remove the budget for &quot;{toRemove?.categoryId.name}&quot;?
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Only the spending limit is removed. Your transaction history is unchanged.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}
