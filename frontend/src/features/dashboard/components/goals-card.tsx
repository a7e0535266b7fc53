import { Button, Card, Flex, Heading, Progress, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Plus, Target } from 'lucide-react'
import { memo, useDeferredValue } from 'react'
import { Link } from 'react-router'
import { formatMoney } from '@/lib/format'
import { useWriteAccess } from '@/lib/household-access'
import { toPence } from '@/lib/money'
import { useGoalsSummary } from '../api/get-goals-summary'

/** '1 day', '45 days'. */
function daysWord(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/**
 * Savings Goals: saved of target with the overall progress, the counts and the nearest unfinished
 * goal. A failed call leaves a short note; the page's load alert is about the ledger only. The
 * answer is deferred as in the summary strip (see there).
 */
export function GoalsCard() {
  // A viewer cannot set a goal: the empty card does not offer it.
  const { canWrite } = useWriteAccess()
  return <GoalsCardBody summary={useDeferredValue(useGoalsSummary())} canWrite={canWrite} />
}

type GoalsCardBodyProps = { summary: ReturnType<typeof useGoalsSummary>; canWrite: boolean }

const GoalsCardBody = memo(function GoalsCardBody({ summary, canWrite }: GoalsCardBodyProps) {
  const s = summary.data

  return (
    <Card.Root as="section" aria-labelledby="goals-card-heading" variant="outline" bg="bg" h="full" data-testid="goals-card">
      <Card.Header>
        <Heading as="h2" size="md" id="goals-card-heading">
          Savings Goals
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {summary.isPending ? (
          <Stack gap="3" role="status" aria-label="Loading goals">
            <Skeleton height="6" />
            <Skeleton height="3" />
            <Skeleton height="5" />
          </Stack>
        ) : !s ? (
          <Text color="fg.muted" textAlign="center" py="4">
            Goals are unavailable right now
          </Text>
        ) : s.totalGoals === 0 ? (
          <Stack align="center" textAlign="center" gap="2" py="4" color="fg.muted">
            <Target size={32} aria-hidden="true" />
            <Text>No goals yet</Text>
            {canWrite ? (
              <Button asChild colorPalette="teal" size="sm">
                <Link to="/goals">
                  <Plus aria-hidden="true" />
                  Set a goal
                </Link>
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Stack gap="3">
            <Text data-testid="goals-card-saved">
              <Text as="span" fontSize="xl" fontWeight="bold">
                {formatMoney(toPence(s.totalSavedAmount))}
              </Text>{' '}
              <Text as="span" color="fg.muted">
                of {formatMoney(toPence(s.totalTargetAmount))}
              </Text>
            </Text>
            <Progress.Root value={Math.min(100, s.overallProgress)} max={100} size="sm" colorPalette="teal">
              <Progress.Track borderRadius="full" aria-label="Overall goal progress">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <Text fontSize="sm" color="fg.muted" data-testid="goals-card-counts">
              {s.activeGoals} active · {s.completedGoals} completed
            </Text>
            {s.nearestGoal ? (
              <Text fontSize="sm" data-testid="goals-card-next">
                Next: {s.nearestGoal.name} — {daysWord(s.nearestGoal.daysRemaining)} left
              </Text>
            ) : null}
            <Flex justify="flex-end">
              <Button asChild variant="outline" size="sm" w="full">
                <Link to="/goals">View Goals</Link>
              </Button>
            </Flex>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
})
