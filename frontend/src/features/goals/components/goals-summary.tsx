import { SimpleGrid, Skeleton, VisuallyHidden } from '@chakra-ui/react'
import { CircleCheck, Flag, PiggyBank, Target, TrendingUp } from 'lucide-react'
import { SummaryTile } from '@/components/summary-tile'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import type { GoalsSummary as Summary } from '../api/types'
import { percentText } from '../lib/progress'

/** Total Goals, Active, Completed, Overall Progress and Total Saved of the target. */
export function GoalsSummary({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  return (
    <section aria-labelledby="goals-summary-heading">
      <VisuallyHidden asChild>
        <h2 id="goals-summary-heading">Summary</h2>
      </VisuallyHidden>
      {loading ? (
        <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: '3', md: '4' }}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="20" borderRadius="lg" />
          ))}
        </SimpleGrid>
      ) : summary ? (
        <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: '3', md: '4' }}>
          <SummaryTile label="Total Goals" value={String(summary.totalGoals)} icon={Target} />
          <SummaryTile label="Active" value={String(summary.activeGoals)} icon={Flag} palette="blue" />
          <SummaryTile label="Completed" value={String(summary.completedGoals)} icon={CircleCheck} palette="green" />
          <SummaryTile label="Overall Progress" value={percentText(summary.overallProgress)} icon={TrendingUp} palette="purple" />
          <SummaryTile
            label="Total Saved"
            value={formatMoney(toPence(summary.totalSavedAmount))}
            caption={`of ${formatMoney(toPence(summary.totalTargetAmount))}`}
            icon={PiggyBank}
            palette="green"
            gridColumn={{ base: 'span 2', md: 'span 2', xl: 'auto' }}
          />
        </SimpleGrid>
      ) : null}
    </section>
  )
}
