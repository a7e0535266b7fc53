import { Box, Grid, Heading, IconButton, Stack, Text } from '@chakra-ui/react'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { LoadError } from '@/components/load-error'
import { usePageTitle } from '@/components/use-page-title'
import { formatDate } from '@/lib/format'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { toPence } from '@/lib/money'
import { CHART_DATA_FALLBACK_ERROR, useChartData } from '../api/get-chart-data'
import { DASHBOARD_SUMMARY_FALLBACK_ERROR, useDashboardSummary } from '../api/get-dashboard-summary'
import type { ChartType } from '../api/types'
import { monthFigures } from '../lib/figures'
import { AccountsCard } from './accounts-card'
import { FinancialOverview } from './financial-overview'
import { GoalsCard } from './goals-card'
import { QuickActions } from './quick-actions'
import { RunningLowTile } from './running-low-tile'
import { SpendingCard } from './spending-card'
import { SummaryStrip } from './summary-strip'

type DashboardPageProps = {
  /** The signed-in user's name, handed in by the app shell. */
  userName: string
  /** Open the transaction and transfer dialogs, which app/ provides. */
  onAddTransaction: () => void
  onCreateTransfer: () => void
}

/** /dashboard: this month's tiles, spending chart, accounts, quick actions and overview. */
export function DashboardPage({ userName, onAddTransaction, onCreateTransfer }: DashboardPageProps) {
  usePageTitle('Dashboard')
  const [today] = useState(() => new Date())
  const summary = useDashboardSummary()
  const accounts = useAccounts()
  const [chartType, setChartType] = useState<ChartType>('expense')
  // My Accounts' Show/Hide toggle masks every balance on the page.
  const [balancesHidden, setBalancesHidden] = useState(false)
  const chart = useChartData(chartType)
  const figures = summary.data ? monthFigures(summary.data) : undefined
  const netWorth = accounts.data ? toPence(accounts.data.netWorth) : undefined

  return (
    <Stack gap={{ base: '4', md: '6' }} pb={{ base: '16', md: '0' }}>
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Welcome back, {userName}!
        </Heading>
        <Text color="fg.muted" mt="1">
          Here&apos;s your financial overview. Today is {formatDate(today)}.
        </Text>
      </Box>

      <LoadError
        sources={[
          { query: summary, fallback: DASHBOARD_SUMMARY_FALLBACK_ERROR },
          { query: accounts, fallback: ACCOUNTS_FALLBACK_ERROR },
          { query: chart, fallback: CHART_DATA_FALLBACK_ERROR },
        ]}
      />

      <SummaryStrip figures={figures} netWorthPence={netWorth} masked={balancesHidden} />

      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: '4', md: '6' }}>
        <SpendingCard type={chartType} onTypeChange={setChartType} chart={chart} />
        <AccountsCard hidden={balancesHidden} onHiddenChange={setBalancesHidden} />
      </Grid>

      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' }} gap={{ base: '4', md: '6' }}>
        <QuickActions onAddTransaction={onAddTransaction} onCreateTransfer={onCreateTransfer} />
        <FinancialOverview figures={figures} loading={summary.isPending} masked={balancesHidden} />
        {/* Running low sits under Savings Goals, so the row keeps its three columns on wide screens. */}
        <Stack gap={{ base: '4', md: '6' }}>
          <Box flex="1">
            <GoalsCard />
          </Box>
          <RunningLowTile />
        </Stack>
      </Grid>

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
      >
        <Plus />
      </IconButton>
    </Stack>
  )
}
