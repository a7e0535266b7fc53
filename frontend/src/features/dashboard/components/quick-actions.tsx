import { Button, Card, Heading, Menu, Portal, Stack } from '@chakra-ui/react'
import { ArrowLeftRight, ChevronDown, List, Plus, Receipt, Tags } from 'lucide-react'
import { Link } from 'react-router'

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
          <Menu.Root
            positioning={{ placement: 'bottom-start', sameWidth: true }}
            onSelect={({ value }) => {
              if (value === 'add-transaction') onAddTransaction()
              else if (value === 'create-transfer') onCreateTransfer()
            }}
          >
            <Menu.Trigger asChild>
              <Button colorPalette="teal" w="full">
                <Plus aria-hidden="true" />
                Add
                <ChevronDown aria-hidden="true" />
              </Button>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content>
                  <Menu.Item value="add-transaction">
                    <Receipt size={16} aria-hidden="true" />
                    Add Transaction
                  </Menu.Item>
                  <Menu.Item value="create-transfer">
                    <ArrowLeftRight size={16} aria-hidden="true" />
                    Create Transfer
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
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
