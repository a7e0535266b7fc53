import {
  Flex,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  useBreakpointValue,
  VisuallyHidden,
} from '@chakra-ui/react'
import { Plus, SearchX, Target } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { usePageTitle } from '@/components/use-page-title'
import { EmptyState, PageHeader } from '@/components/page-layout'
import { ReadOnlyHint, WriteButton, WriteIconButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import { DELETE_GOAL_FALLBACK_ERROR, DELETE_GOAL_SUCCESS, useDeleteGoal } from '../api/delete-goal'
import { GOALS_FALLBACK_ERROR, useGoals } from '../api/get-goals'
import { GOALS_SUMMARY_FALLBACK_ERROR, useGoalsSummary } from '../api/get-goals-summary'
import type { Goal } from '../api/types'
import { GOAL_CATEGORIES, GOAL_CATEGORY_LABELS } from '../lib/categories'
import {
  GOAL_SORTS,
  GOAL_TABS,
  type GoalFilters,
  type GoalTab,
  isFiltered,
  readGoalFilters,
  withGoalFilters,
} from '../lib/filters'
import { ContributionDialog } from './contribution-dialog'
import { type GoalAction, GoalCard } from './goal-card'
import { GoalDialog } from './goal-dialog'
import { GoalsSummary } from './goals-summary'

/** The list shows this many placeholder cards while it loads (spec doc 2 §9). */
const LOADING_CARDS = 6

type GoalsPageProps = {
  /** London's today; tests fix it. */
  today?: () => string
}

/** A dialog's goal is kept after closing, so its text does not change while it animates out. */
type DialogState = { goal: Goal | null; open: boolean }
const closed: DialogState = { goal: null, open: false }

/** /goals: the summary, the tabs, category and sort (kept in the address), and the goal cards. */
export function GoalsPage({ today = londonToday }: GoalsPageProps) {
  usePageTitle('Financial Goals')
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? true
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => readGoalFilters(params), [params])
  const goals = useGoals(filters)
  const summary = useGoalsSummary()
  const deleteMutation = useDeleteGoal()
  const [form, setForm] = useState<DialogState>(closed)
  const [contribute, setContribute] = useState<DialogState>(closed)
  const [toDelete, setToDelete] = useState<DialogState>(closed)

  const changeFilters = (changes: Partial<GoalFilters>) =>
    setParams((prev) => withGoalFilters(prev, changes), { replace: true })

  const add = () => setForm({ goal: null, open: true })
  const onAction = (goal: Goal, action: GoalAction) => {
    if (action === 'edit') setForm({ goal, open: true })
    if (action === 'contribute') setContribute({ goal, open: true })
    if (action === 'delete') {
      deleteMutation.reset()
      setToDelete({ goal, open: true })
    }
  }

  const list = goals.data ?? []
  const body = goals.isPending ? (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" role="status" aria-label="Loading goals">
      {Array.from({ length: LOADING_CARDS }, (_, i) => (
        <Skeleton key={i} height="64" borderRadius="lg" data-testid="goal-skeleton" />
      ))}
    </SimpleGrid>
  ) : goals.isSuccess && list.length === 0 ? (
    <NoGoals filtered={isFiltered(filters)} onAdd={add} />
  ) : (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {list.map((goal) => (
        <GoalCard key={goal._id} goal={goal} onAction={onAction} />
      ))}
    </SimpleGrid>
  )

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <PageHeader
        title="Financial Goals"
        subtitle="Save towards what matters and track every contribution"
        actions={
          phone ? null : (
            <WriteButton colorPalette="teal" onClick={add}>
              <Plus aria-hidden="true" />
              Add New Goal
            </WriteButton>
          )
        }
      />
      <ReadOnlyHint />

      <LoadError
        sources={[
          { query: goals, fallback: GOALS_FALLBACK_ERROR },
          { query: summary, fallback: GOALS_SUMMARY_FALLBACK_ERROR },
        ]}
      />

      <GoalsSummary summary={summary.data} loading={summary.isPending} />

      <Tabs.Root
        value={filters.status}
        onValueChange={(details) => changeFilters({ status: details.value as GoalTab })}
        variant="line"
        colorPalette="teal"
      >
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'flex-end' }}
          justify="space-between"
          gap="3"
        >
          <Tabs.List aria-label="Goal status" borderBottomWidth="0">
            {GOAL_TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <SimpleGrid columns={2} gap="3" minW={{ md: 'md' }}>
            <SelectField
              label="Category"
              size="sm"
              value={filters.category}
              onChange={(e) => changeFilters({ category: e.target.value as GoalFilters['category'] })}
            >
              <option value="all">All Categories</option>
              {GOAL_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {GOAL_CATEGORY_LABELS[c]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Sort by"
              size="sm"
              value={filters.sort}
              onChange={(e) => changeFilters({ sort: e.target.value as GoalFilters['sort'] })}
            >
              {GOAL_SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </SelectField>
          </SimpleGrid>
        </Flex>
        {/* One panel, the selected tab's: the list is the same component whichever tab filters it. */}
        <Tabs.Content value={filters.status} pt="4">
          <VisuallyHidden asChild>
            <h2>{GOAL_TABS.find((tab) => tab.value === filters.status)?.label}</h2>
          </VisuallyHidden>
          {body}
        </Tabs.Content>
      </Tabs.Root>

      {phone ? (
        <WriteIconButton
          aria-label="Add New Goal"
          title="Add New Goal"
          colorPalette="teal"
          size="xl"
          rounded="full"
          shadow="lg"
          position="fixed"
          bottom="calc(1rem + env(safe-area-inset-bottom))"
          insetEnd="4"
          zIndex="sticky"
          onClick={add}
        >
          <Plus />
        </WriteIconButton>
      ) : null}

      <GoalDialog open={form.open} goal={form.goal} onClose={() => setForm((f) => ({ ...f, open: false }))} today={today} />
      <ContributionDialog
        open={contribute.open}
        goal={contribute.goal}
        onClose={() => setContribute((c) => ({ ...c, open: false }))}
        today={today}
      />
      <ConfirmDialog
        open={toDelete.open}
        title="Delete Goal"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleteMutation.isPending}
        error={deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_GOAL_FALLBACK_ERROR) : null}
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!toDelete.goal) return
          deleteMutation.mutate(toDelete.goal._id, {
            onSuccess: (res) => {
              notifySuccess(res.message || DELETE_GOAL_SUCCESS)
              setToDelete((d) => ({ ...d, open: false }))
            },
          })
        }}
        onClose={() => setToDelete((d) => ({ ...d, open: false }))}
      >
        <Stack gap="2">
          <Text>Are you sure you want to delete &quot;{toDelete.goal?.name}&quot;?</Text>
          <Text color="fg.muted" fontSize="sm">
            This action cannot be undone. All contributions to this goal will also be deleted.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Stack>
  )
}

/** No goals at all, or none in this tab and category. */
function NoGoals({ filtered, onAdd }: { filtered: boolean; onAdd: () => void }) {
  const EmptyIcon = filtered ? SearchX : Target
  return (
    <EmptyState
      icon={EmptyIcon}
      title={filtered ? 'No goals match your filters' : 'No goals yet'}
      text={filtered ? 'Try another tab or category.' : 'Set a target, add what you save towards it, and watch it grow.'}
    >
      {filtered ? null : (
        <WriteButton colorPalette="teal" onClick={onAdd}>
          <Plus aria-hidden="true" />
          Create Your First Goal
        </WriteButton>
      )}
    </EmptyState>
  )
}
