import { Button, Card, Heading, Stack } from '@chakra-ui/react'
import { List, Tags } from 'lucide-react'
import { Link } from 'react-router'
import { AddMenu } from '@/components/add-menu'

type QuickActionsProps = {
  onAddTransaction: () => void
  onCreateTransfer: () => void
}

/** Quick Actions: the Add menu, View All Transactions, Manage Categories. */
export function QuickActions({ onAddTransaction, onCreateTransfer }: QuickActionsProps) {
  return (
    <Card.Root variant="outline" bg="bg" h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Quick Actions
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="3">
          <AddMenu onAddTransaction={onAddTransaction} onCreateTransfer={onCreateTransfer} fullWidth />
          <Button asChild variant="outline" w="full">
            <Link to="/transactions">
              <List aria-hidden="true" />
              View All Transactions
            </Link>
          </Button>
          <Button asChild variant="outline" w="full">
            <Link to="/categories">
              <Tags aria-hidden="true" />
              Manage Categories
            </Link>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
