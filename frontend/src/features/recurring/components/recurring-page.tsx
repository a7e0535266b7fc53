import { Button, Flex, SimpleGrid, Stack, Text, useBreakpointValue } from '@chakra-ui/react'
import { Eye, EyeOff, Repeat } from 'lucide-react'
import { useMemo, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { notifySuccess } from '@/components/notify'
import { usePageTitle } from '@/components/use-page-title'
import { useTimedNotice } from '@/components/use-timed-notice'
import { CardGridSkeleton, EmptyState, PageHeader } from '@/components/page-layout'
import { AnalyticsLinkButton, FinaliseMonthButton } from '@/components/header-buttons'
import { ReadOnlyHint } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { londonToday } from '@/lib/calendar-day'
import {
  DELETE_RECURRING_FALLBACK_ERROR,
  deletedMessage,
  useDeleteRecurring,
} from '../api/delete-recurring'
import { useMonthSummary } from '../api/get-month-summary'
import { hasDueTemplate, RECURRING_FALLBACK_ERROR, useRecurring } from '../api/get-recurring'
import {
  PROCESS_RECURRING_FALLBACK_ERROR,
  PROCESS_RECURRING_SUCCESS,
  useProcessRecurring,
} from '../api/process-recurring'
import {
  TOGGLE_RECURRING_FALLBACK_ERROR,
  toggledMessage,
  useToggleRecurringStatus,
} from '../api/toggle-recurring-status'
import type { RecurringTemplate } from '../api/types'
import { emptyStateOf, recurringStats, visibleTemplates } from '../lib/stats'
import { type AddKind, AddRecurringMenu, FloatingAddButtons } from './add-recurring-menu'
import { FinaliseMonthDialog } from './finalise-month-dialog'
import { MonthlySummary } from './monthly-summary'
import { RecurringStats } from './recurring-stats'
import { RecurringTransactionDialog } from './recurring-transaction-dialog'
import { RecurringTransferDialog } from './recurring-transfer-dialog'
import { type TemplateAction, TemplateCard } from './template-card'

/** Notices of the page (finalised, or a failed process or toggle) last 4 seconds, as on /budgets. */
const PAGE_NOTICE_MS = 4000

type RecurringPageProps = {
  /** Finalise Month is for a superadmin or a user with canFinalizeMonth; app/ knows the user. */
  canFinaliseMonth: boolean
  /** London's today; tests fix it. */
  today?: () => string
}

/** Which form dialog is open: a new one of a kind, or a template to edit. */
type FormState = { kind: AddKind; template: RecurringTemplate | null; open: boolean }

/** /recurring: this month's recurring money, the templates, and what can be done to them. */
export function RecurringPage({ canFinaliseMonth, today = londonToday }: RecurringPageProps) {
  usePageTitle('Recurring Transactions')
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? true
  const templates = useRecurring()
  const summary = useMonthSummary(hasDueTemplate(templates.data, today()))
  const processMutation = useProcessRecurring()
  const toggleMutation = useToggleRecurringStatus()
  const deleteMutation = useDeleteRecurring()
  const { notice, show, clear } = useTimedNotice(PAGE_NOTICE_MS)
  const [showInactive, setShowInactive] = useState(false)
  // Kept after closing, so a dialog's text does not change while it animates out.
  const [form, setForm] = useState<FormState>({ kind: 'transaction', template: null, open: false })
  const [toDelete, setToDelete] = useState<RecurringTemplate | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)
  const [finaliseOpen, setFinaliseOpen] = useState(false)

  const todayValue = today()
  const list = useMemo(() => templates.data ?? [], [templates.data])
  const stats = templates.data ? recurringStats(list, todayValue) : null
  const shown = visibleTemplates(list, showInactive)
  const empty = templates.isSuccess ? emptyStateOf(list, showInactive) : null

  const add = (kind: AddKind) => setForm({ kind, template: null, open: true })

  const onAction = (template: RecurringTemplate, action: TemplateAction) => {
    switch (action) {
      case 'edit':
        setForm({ kind: template.type === 'transfer' ? 'transfer' : 'transaction', template, open: true })
        break
      case 'process':
        processMutation.mutate(template._id, {
          onSuccess: (res) => notifySuccess(res.message || PROCESS_RECURRING_SUCCESS),
          onError: (error) => show(getErrorMessage(error, PROCESS_RECURRING_FALLBACK_ERROR), 'error'),
        })
        break
      case 'toggle':
        toggleMutation.mutate(template._id, {
          onSuccess: (res) => notifySuccess(res.message || toggledMessage(res.data.isActive)),
          onError: (error) => show(getErrorMessage(error, TOGGLE_RECURRING_FALLBACK_ERROR), 'error'),
        })
        break
      case 'delete':
        deleteMutation.reset()
        setToDelete(template)
        setDeleteOpen(true)
        break
    }
  }

  const closeForm = () => setForm((f) => ({ ...f, open: false }))

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <PageHeader
        title="Recurring Transactions"
        subtitle="Automate your regular income and expenses"
        actions={
          <Flex gap="2" wrap="wrap">
            <Button
              variant="outline"
              size={{ base: 'sm', md: 'md' }}
              aria-pressed={showInactive}
              onClick={() => setShowInactive((s) => !s)}
            >
              {showInactive ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {showInactive ? 'Hide Inactive' : 'Show Inactive'}
            </Button>
            <AnalyticsLinkButton to="/recurring/analytics" />
            {canFinaliseMonth ? <FinaliseMonthButton onClick={() => setFinaliseOpen(true)} /> : null}
            {!phone && list.length > 0 ? <AddRecurringMenu onAdd={add} /> : null}
          </Flex>
        }
      />
      <ReadOnlyHint />

      <Notice notice={notice} onClose={clear} />
      <LoadError sources={[{ query: templates, fallback: RECURRING_FALLBACK_ERROR }]} />

      <MonthlySummary summary={summary.data} condensed={phone} />

      <RecurringStats stats={stats} />

      {templates.isPending ? (
        <CardGridSkeleton label="Loading recurring transactions" height="40" />
      ) : empty ? (
        <NoTemplates kind={empty} onAdd={add} onShowInactive={() => setShowInactive(true)} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {shown.map((template) => (
            <TemplateCard key={template._id} template={template} today={todayValue} onAction={onAction} />
          ))}
        </SimpleGrid>
      )}

      {phone ? <FloatingAddButtons onAdd={add} /> : null}

      <RecurringTransactionDialog
        open={form.open && form.kind === 'transaction'}
        template={form.kind === 'transaction' ? form.template : null}
        onClose={closeForm}
        today={today}
      />
      <RecurringTransferDialog
        open={form.open && form.kind === 'transfer'}
        template={form.kind === 'transfer' ? form.template : null}
        onClose={closeForm}
        today={today}
      />
      <ConfirmDialog
        open={deleteOpen}
        title="Delete Template"
        confirmLabel="Delete Template"
        pendingLabel="Deleting..."
        pending={deleteMutation.isPending}
        error={deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_RECURRING_FALLBACK_ERROR) : null}
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!toDelete) return
          deleteMutation.mutate(toDelete._id, {
            onSuccess: (res) => {
              notifySuccess(deletedMessage(res))
              setDeleteOpen(false)
            },
          })
        }}
        onClose={() => setDeleteOpen(false)}
      >
        <Stack gap="2">
          <Text>Are you sure you want to delete &quot;{toDelete?.description}&quot;?</Text>
          <Text color="fg.muted" fontSize="sm">
            This will stop all future automatic transactions for this template. Existing transactions will not be
            affected.
          </Text>
        </Stack>
      </ConfirmDialog>
      {canFinaliseMonth ? (
        <FinaliseMonthDialog
          open={finaliseOpen}
          onClose={() => setFinaliseOpen(false)}
          onFinalised={(message) => show(message, 'success')}
          today={today}
        />
      ) : null}
    </Stack>
  )
}

const EMPTY_TEXT = {
  'none-yet': {
    title: 'No recurring transactions yet',
    text: 'Set up your salary, bills and subscriptions once, and they are added for you when due.',
  },
  'no-inactive': { title: 'No inactive templates', text: 'Every template is running.' },
  'no-active': { title: 'No active templates', text: 'Every template is paused.' },
} as const

function NoTemplates({
  kind,
  onAdd,
  onShowInactive,
}: {
  kind: keyof typeof EMPTY_TEXT
  onAdd: (kind: AddKind) => void
  onShowInactive: () => void
}) {
  const { title, text } = EMPTY_TEXT[kind]
  return (
    <EmptyState icon={Repeat} title={title} text={text}>
      {kind === 'none-yet' ? <AddRecurringMenu onAdd={onAdd} /> : null}
      {kind === 'no-active' ? (
        <Button variant="outline" onClick={onShowInactive}>
          <Eye aria-hidden="true" />
          Show Inactive Templates
        </Button>
      ) : null}
    </EmptyState>
  )
}
