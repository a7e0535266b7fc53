import type { QueryClient } from '@tanstack/react-query'
import { accountsQueryOptions } from '@/lib/ledger/get-accounts'
import { chartDataQueryOptions, FIRST_CHART_TYPE } from './get-chart-data'
import { dashboardSummaryQueryOptions } from './get-dashboard-summary'

/**
 * Asks for what the top of the dashboard shows (this month's figures, the accounts and the
 * spending chart) as the app starts, alongside the session check and the screens' code, rather
 * than once the page has rendered: on a phone's connection that is a round trip or two sooner.
 * The page's own queries then find the answers, or the requests under way, in the cache.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(dashboardSummaryQueryOptions())
  void queryClient.prefetchQuery(accountsQueryOptions())
  void queryClient.prefetchQuery(chartDataQueryOptions(FIRST_CHART_TYPE))
}
