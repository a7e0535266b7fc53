import { Button, Card, Heading, Stack } from '@chakra-ui/react'
import { List, Tags } from 'lucide-react'
import { lazy } from 'react'
import { Link } from 'react-router'
import { AddMenuButton } from '@/components/add-menu-button'
import { LazyMenu } from '@/components/lazy-menu'
import { useWriteGuard } from '@/lib/household-access'

// The Add menu's code loads when the browser is first idle, and the menu shows when first clicked.
const loadAddMenu = () => import('@/components/add-menu')
const AddMenu = lazy(() => loadAddMenu().then((m) => ({ default: m.AddMenu })))

type QuickActionsProps = {
  onAddTransaction: () => void
  onCreateTransfer: () => void
}

/** Quick Actions: the Add menu, View All Transactions, Manage Categories. */
export function QuickActions({ onAddTransaction, onCreateTransfer }: QuickActionsProps) {
  const writeGuard = useWriteGuard()
  return (
    <Card.Root variant="outline" bg="bg" h="full">
      <Card.Header>
        <Heading as="h2" size="md">
          Quick Actions
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="3">
          <LazyMenu
            preload={loadAddMenu}
            standIn={(open) => <AddMenuButton fullWidth aria-haspopup="menu" aria-expanded={false} onClick={open} {...writeGuard} />}
          >
            <AddMenu onAddTransaction={onAddTransaction} onCreateTransfer={onCreateTransfer} fullWidth defaultOpen />
          </LazyMenu>
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
