import { Button, Menu, Portal } from '@chakra-ui/react'
import { ArrowLeftRight, ChevronDown, Plus, Receipt } from 'lucide-react'

type AddMenuProps = {
  onAddTransaction: () => void
  onCreateTransfer: () => void
  /** Fills its container, the menu as wide as the button (the dashboard's Quick Actions). */
  fullWidth?: boolean
}

/** The Add menu: Add Transaction, Create Transfer. */
export function AddMenu({ onAddTransaction, onCreateTransfer, fullWidth = false }: AddMenuProps) {
  return (
    <Menu.Root
      positioning={fullWidth ? { placement: 'bottom-start', sameWidth: true } : { placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'add-transaction') onAddTransaction()
        else if (value === 'create-transfer') onCreateTransfer()
      }}
    >
      <Menu.Trigger asChild>
        <Button colorPalette="teal" size={fullWidth ? 'md' : { base: 'sm', md: 'md' }} w={fullWidth ? 'full' : undefined}>
          <Plus aria-hidden="true" />
          Add
          <ChevronDown aria-hidden="true" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={fullWidth ? undefined : '48'}>
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
