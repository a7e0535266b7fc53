import { Button, Menu, Portal } from '@chakra-ui/react'
import { ArrowLeftRight, ChevronDown, Plus, Receipt } from 'lucide-react'

type AddMenuProps = {
  onAddTransaction: () => void
  onCreateTransfer: () => void
}

/** The Add menu of the transactions screen: Add Transaction, Create Transfer. */
export function AddMenu({ onAddTransaction, onCreateTransfer }: AddMenuProps) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'add-transaction') onAddTransaction()
        else if (value === 'create-transfer') onCreateTransfer()
      }}
    >
      <Menu.Trigger asChild>
        <Button colorPalette="teal" size={{ base: 'sm', md: 'md' }}>
          <Plus aria-hidden="true" />
          Add
          <ChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
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
  )
}
