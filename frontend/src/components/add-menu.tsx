import { Button, Menu, Portal } from '@chakra-ui/react'
import { ArrowLeftRight, ChevronDown, Plus, Receipt } from 'lucide-react'
import { useRef } from 'react'

type AddMenuProps = {
  onAddTransaction: () => void
  onCreateTransfer: () => void
  /** Fills its container, the menu as wide as the button (the dashboard's Quick Actions). */
  fullWidth?: boolean
}

/** The Add menu: Add Transaction, Create Transfer. */
export function AddMenu({ onAddTransaction, onCreateTransfer, fullWidth = false }: AddMenuProps) {
  const trigger = useRef<HTMLButtonElement>(null)
  /**
   * Opens a dialog once focus is back on the Add button, so the dialog returns focus there when
   * it closes (it returns it to whatever had focus when it opened, and the menu's own content is gone).
   */
  const afterMenu = (open: () => void) => {
    trigger.current?.focus()
    requestAnimationFrame(open)
  }
  return (
    <Menu.Root
      positioning={fullWidth ? { placement: 'bottom-start', sameWidth: true } : { placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'add-transaction') afterMenu(onAddTransaction)
        else if (value === 'create-transfer') afterMenu(onCreateTransfer)
      }}
    >
      <Menu.Trigger asChild>
        <Button ref={trigger} colorPalette="teal" size={fullWidth ? 'md' : { base: 'sm', md: 'md' }} w={fullWidth ? 'full' : undefined}>
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
