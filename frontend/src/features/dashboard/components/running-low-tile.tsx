import { Button, Card, Flex, Heading, Skeleton, Text } from '@chakra-ui/react'
import { ShoppingCart } from 'lucide-react'
import { memo, useDeferredValue } from 'react'
import { Link } from 'react-router'
import { useRunningLow } from '../api/get-running-low'

/**
 * Running low: how many inventory items are short (red or amber stock), with the way to the
 * shopping list. A failed call leaves a short note, like the goals card; no page alert. The
 * answer is deferred as in the summary strip (see there).
 */
export function RunningLowTile() {
  return <RunningLowBody runningLow={useDeferredValue(useRunningLow())} />
}

const RunningLowBody = memo(function RunningLowBody({ runningLow }: { runningLow: ReturnType<typeof useRunningLow> }) {
  return (
    <Card.Root as="section" aria-labelledby="running-low-heading" variant="outline" bg="bg" data-testid="running-low-tile">
      <Card.Header>
        <Flex align="center" gap="2">
          <ShoppingCart size={18} aria-hidden="true" />
          <Heading as="h2" size="md" id="running-low-heading">
            Running low
          </Heading>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {runningLow.isPending ? (
          <Skeleton height="8" role="status" aria-label="Loading inventory" />
        ) : runningLow.isError ? (
          <Text color="fg.muted" textAlign="center" py="2">
            Inventory is unavailable right now
          </Text>
        ) : (
          <Flex align="center" justify="space-between" gap="3" wrap="wrap">
            <Text data-testid="running-low-count">
              <Text as="span" fontSize="2xl" fontWeight="bold">
                {runningLow.data}
              </Text>{' '}
              <Text as="span" color="fg.muted">
                {runningLow.data === 1 ? 'item' : 'items'} to restock
              </Text>
            </Text>
            <Button asChild variant="outline" size="sm">
              <Link to="/shopping-list">
                Open Shopping List
              </Link>
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  )
})
