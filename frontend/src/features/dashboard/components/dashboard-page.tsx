import { Box, Grid, Heading, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import { LoadError } from '@/components/load-error'
import { usePageTitle } from '@/components/use-page-title'
import { AfterFirstPaint } from '@/components/after-first-paint'
import { WhenInView } from '@/components/when-in-view'
import { formatDate } from '@/lib/format'
import { useNamedMembers, useWriteAccess, useWriteGuard } from '@/lib/household-access'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { CHART_DATA_FALLBACK_ERROR, FIRST_CHART_TYPE, useChartData } from '../api/get-chart-data'
import { DASHBOARD_SUMMARY_FALLBACK_ERROR, useDashboardSummary } from '../api/get-dashboard-summary'
import type { ChartType } from '../api/types'
import { isStartHidden } from '../lib/start-hidden'
import { figuresNotice, useFiguresState, useKeptFigures } from '../lib/use-kept-figures'
import { AccountsCard } from './accounts-card'
import { OfflineFiguresNotice } from './offline-figures'
import { QuickActions } from './quick-actions'
import { RunningLowTile } from './running-low-tile'
import { SpendingCard } from './spending-card'
import { SummaryStrip } from './summary-strip'

type DashboardPageProps = {
  /** The signed-in user's name and id, handed in by the app shell. */
  userName: string
  userId: string
  /** Bank linking is allowed for this user (the getting-started card says so when it is not). */
  canConnectBank: boolean
  /** Registered in the last day: greeted with 'Welcome', not 'Welcome back'. */
  newUser?: boolean
  /** Open the transaction and transfer dialogs, which app/ provides. */
  onAddTransaction: () => void
  onCreateTransfer: () => void
  /** Shown under the greeting when there is something to say (app/ passes the household's invitations). */
  banner?: ReactNode
}

// Only a new household sees the getting-started card: its code loads only for them.
const GettingStarted = lazy(() => import('./getting-started').then((m) => ({ default: m.GettingStarted })))
// Below the fold on every screen: it loads after the figures the dashboard needs first.
const FinancialOverview = lazy(() => import('./financial-overview').then((m) => ({ default: m.FinancialOverview })))
const GoalsCard = lazy(() => import('./goals-card').then((m) => ({ default: m.GoalsCard })))
// Last on the page: the net worth chart and its nivo code never hold up the first load.
const NetWorthCard = lazy(() => import('@/components/net-worth-card').then((m) => ({ default: m.NetWorthCard })))
// Only a household of more than one lists who made what: its code loads only for them.
const RecentActivity = lazy(() => import('./recent-activity').then((m) => ({ default: m.RecentActivity })))
// Only a viewer is told why the page's Add buttons are off: the hint's code loads only for them.
const ReadOnlyHint = lazy(() => import('@/components/write-access').then((m) => ({ default: m.ReadOnlyHint })))

/** A card's place while its part waits for its turn or its code. */
const CardSkeleton = ({ label }: { label: string }) => (
  <Skeleton minH="64" borderRadius="lg" role="status" aria-label={label} />
)
const ActivitySkeleton = () => <CardSkeleton label="Loading recent activity" />
const OverviewSkeleton = () => <CardSkeleton label="Loading overview" />
const GoalsSkeleton = () => <CardSkeleton label="Loading goals" />
const NetWorthSkeleton = () => <CardSkeleton label="Loading net worth" />

/**
 * The page's one load alert, for the ledger's calls; the goals and stock cards say it themselves.
 * Without the server it is the offline notice instead, saying from when the figures shown are.
 */
function DashboardLoadError({ chartType }: { chartType: ChartType }) {
  const summary = useDashboardSummary()
  const accounts = useAccounts()
  const chart = useChartData(chartType)
  const figures = useFiguresState()
  const notice = figuresNotice(figures)
  if (notice) return <OfflineFiguresNotice state={figures} message={notice} />
  return (
    <LoadError
      sources={[
        { query: summary, fallback: DASHBOARD_SUMMARY_FALLBACK_ERROR },
        { query: accounts, fallback: ACCOUNTS_FALLBACK_ERROR },
        { query: chart, fallback: CHART_DATA_FALLBACK_ERROR },
      ]}
    />
  )
}

/**
 * /dashboard: this month's tiles, spending chart, accounts, quick actions and overview.
 *
 * The page itself reads no query: each card subscribes to what it shows, so an answer arriving
 * re-renders that card alone, not the page (docs/performance.md, issue 15).
 */
export function DashboardPage({
  userName,
  userId,
  canConnectBank,
  newUser = false,
  onAddTransaction,
  onCreateTransfer,
  banner,
}: DashboardPageProps) {
  usePageTitle('Dashboard')
  const [today] = useState(() => new Date())
  const [chartType, setChartType] = useState<ChartType>(FIRST_CHART_TYPE)
  // My Accounts' Show/Hide toggle masks every balance on the page.
  const [balancesHidden, setBalancesHidden] = useState(false)
  useKeptFigures()
  const { canWrite } = useWriteAccess()
  const household = useNamedMembers().length > 0
  const writeGuard = useWriteGuard()

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {newUser ? `Welcome, ${userName}!` : `Welcome back, ${userName}!`}
        </Heading>
        <Text color="fg.muted" mt="1">
          Here&apos;s your financial overview. Today is {formatDate(today)}.
        </Text>
      </Box>

      {/* What lies below the greeting and the figures, with its code, waits for the page's first
          paint, and each part for its turn. */}
      <AfterFirstPaint>{banner}</AfterFirstPaint>
      {canWrite ? null : (
        <Suspense fallback={null}>
          <ReadOnlyHint />
        </Suspense>
      )}

      <DashboardLoadError chartType={chartType} />

      {/* Its steps are all changes: a viewer is not asked to take them. */}
      {canWrite && userId && !isStartHidden(userId) ? (
        <Suspense fallback={null}>
          <GettingStarted userId={userId} canConnectBank={canConnectBank} />
        </Suspense>
      ) : null}

      <SummaryStrip masked={balancesHidden} />

      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: '4', md: '6' }}>
        <SpendingCard type={chartType} onTypeChange={setChartType} />
        <AccountsCard hidden={balancesHidden} onHiddenChange={setBalancesHidden} />
      </Grid>

      {household ? (
        <AfterFirstPaint fallback={<ActivitySkeleton />}>
          <Suspense fallback={<ActivitySkeleton />}>
            <RecentActivity />
          </Suspense>
        </AfterFirstPaint>
      ) : null}

      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' }} gap={{ base: '4', md: '6' }}>
        <AfterFirstPaint fallback={<CardSkeleton label="Loading quick actions" />}>
          <QuickActions onAddTransaction={onAddTransaction} onCreateTransfer={onCreateTransfer} />
        </AfterFirstPaint>
        <AfterFirstPaint fallback={<OverviewSkeleton />}>
          <Suspense fallback={<OverviewSkeleton />}>
            <FinancialOverview masked={balancesHidden} />
          </Suspense>
        </AfterFirstPaint>
        {/* Running low sits under Savings Goals, so the row keeps its three columns on wide screens. */}
        <Stack gap={{ base: '4', md: '6' }}>
          <Box flex="1">
            <AfterFirstPaint fallback={<GoalsSkeleton />}>
              <Suspense fallback={<GoalsSkeleton />}>
                <GoalsCard />
              </Suspense>
            </AfterFirstPaint>
          </Box>
          <AfterFirstPaint fallback={<CardSkeleton label="Loading running low" />}>
            <RunningLowTile />
          </AfterFirstPaint>
        </Stack>
      </Grid>

      {/* At the foot of the page: it and its chart's code come when the visit scrolls near it. */}
      <AfterFirstPaint fallback={<NetWorthSkeleton />}>
        <WhenInView fallback={<NetWorthSkeleton />}>
          <Suspense fallback={<NetWorthSkeleton />}>
            <NetWorthCard masked={balancesHidden} />
          </Suspense>
        </WhenInView>
      </AfterFirstPaint>

      <IconButton
        aria-label="Add transaction"
        colorPalette="teal"
        rounded="full"
        size="xl"
        boxShadow="lg"
        position="fixed"
        bottom="5"
        right="5"
        zIndex="sticky"
        display={{ base: 'inline-flex', md: 'none' }}
        onClick={onAddTransaction}
        {...writeGuard}
      >
        <Plus />
      </IconButton>
    </Stack>
  )
}
