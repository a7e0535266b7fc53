import { Box } from '@chakra-ui/react'
import { ArrowDownRight, ArrowUpRight, Receipt, Wallet } from 'lucide-react'
import { memo, type ReactNode, useDeferredValue } from 'react'
import { ScrollStrip } from '@/components/scroll-strip'
import { SummaryTile } from '@/components/summary-tile'
import { useFirstScreenWaitsFor } from '@/lib/first-screen'
import { formatMoney } from '@/lib/format'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { toPence } from '@/lib/money'
import { useDashboardSummary } from '../api/get-dashboard-summary'
import type { DashboardSummary } from '../api/types'
import { MASKED_AMOUNT, monthFigures } from '../lib/figures'

type SummaryTilesProps = {
  summary: DashboardSummary | undefined
  /** Pence; undefined while the accounts load. */
  netWorthPence: number | undefined
  /** The page's Hide toggle: Net Worth, a balance, shows as dots. */
  masked?: boolean
}

const PLACEHOLDER = '—'
/** What the month's figures cover (the server's London month). */
const THIS_MONTH = 'This month'
/** Net Worth is today's, over every account. */
const ALL_ACCOUNTS = 'All accounts'

/**
 * On phones a tile is a little under half the strip, so two show in full and the
 * next one peeks in at the edge: the strip visibly scrolls.
 */
function Slot({ children }: { children: ReactNode }) {
  return (
    <Box
      flex={{ base: '0 0 auto', md: '1 1 0' }}
      w={{ base: '42%', md: 'auto' }}
      minW={{ base: '36', md: '0' }}
      scrollSnapAlign="start"
    >
      {children}
    </Box>
  )
}

/**
 * The four tiles: Total Income, Total Expenses, Net Worth, Transactions. On
 * narrow screens they form one strip that scrolls sideways inside the page's margins, its
 * hidden end faded (ScrollStrip).
 *
 * The answers are read through useDeferredValue, as in every card of the page: TanStack Query
 * hands them over through useSyncExternalStore, whose updates React renders synchronously in one
 * task; deferred, the tiles render at transition priority, in slices between which the browser
 * can paint and handle input (docs/performance.md, issue 15).
 *
 * On the visit's first screen, the parts below the fold, the menus and the session's sync wait
 * until the month's figures have painted (useFirstScreenWaitsFor), so that on a slow connection
 * their code is not fetched ahead of the figures' answer.
 */
export function SummaryStrip({ masked = false }: { masked?: boolean }) {
  const query = useDashboardSummary()
  const summary = useDeferredValue(query.data)
  // The figures are the dashboard's first content: what waits for the first screen waits for them
  // (or for their error, which the page's alert shows).
  useFirstScreenWaitsFor(summary === undefined && !query.isError)
  const accounts = useDeferredValue(useAccounts().data)
  return (
    <SummaryTiles
      summary={summary}
      netWorthPence={accounts ? toPence(accounts.netWorth) : undefined}
      masked={masked}
    />
  )
}

const SummaryTiles = memo(function SummaryTiles({ summary, netWorthPence, masked = false }: SummaryTilesProps) {
  const figures = summary ? monthFigures(summary) : undefined
  const netWorth =
    netWorthPence === undefined ? PLACEHOLDER : masked ? MASKED_AMOUNT : formatMoney(netWorthPence)
  return (
    <ScrollStrip
      as="section"
      aria-label="This month at a glance"
      data-testid="summary-strip"
      tabIndex={0}
      gap={{ base: '2', md: '4' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      scrollSnapType={{ base: 'x mandatory', md: 'none' }}
      pb={{ base: '1', md: '0' }}
    >
      <Slot>
        <SummaryTile
          label="Total Income"
          icon={ArrowUpRight}
          palette="green"
          color="fg.success"
          value={figures ? formatMoney(figures.incomePence) : PLACEHOLDER}
          caption={THIS_MONTH}
        />
      </Slot>
      <Slot>
        <SummaryTile
          label="Total Expenses"
          icon={ArrowDownRight}
          palette="red"
          color="fg.error"
          value={figures ? formatMoney(figures.expensesPence) : PLACEHOLDER}
          caption={THIS_MONTH}
        />
      </Slot>
      <Slot>
        <SummaryTile
          label="Net Worth"
          icon={Wallet}
          palette="teal"
          color={!masked && netWorthPence !== undefined && netWorthPence < 0 ? 'fg.error' : undefined}
          value={netWorth}
          caption={ALL_ACCOUNTS}
        />
      </Slot>
      <Slot>
        <SummaryTile
          label="Transactions"
          icon={Receipt}
          palette="blue"
          value={figures ? String(figures.count) : PLACEHOLDER}
          caption={THIS_MONTH}
        />
      </Slot>
    </ScrollStrip>
  )
})
