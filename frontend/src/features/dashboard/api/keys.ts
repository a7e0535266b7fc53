import { transactionKeys } from '@/lib/ledger/keys'
import type { ChartType } from './types'

/**
 * Query keys of the dashboard. The month's figures are aggregates of the
 * transaction lists, so they sit under `transactionKeys.lists()`: whatever
 * invalidates the lists after a transaction or transfer changes (on any
 * screen, or from the dashboard's own dialogs) refreshes them too.
 */
export const dashboardKeys = {
  all: [...transactionKeys.lists(), 'dashboard'] as const,
  summary: () => [...dashboardKeys.all, 'summary'] as const,
  chart: (type: ChartType) => [...dashboardKeys.all, 'chart', type] as const,
  start: () => [...dashboardKeys.all, 'start'] as const,
  recent: () => [...dashboardKeys.all, 'recent'] as const,
}
