import { Menu, Portal } from '@chakra-ui/react'
import { ArrowLeftRight, Receipt } from 'lucide-react'
import { useRef } from 'react'
import { AddMenuButton } from './add-menu-button'
import { WriteMenuGroup, WriteMenuItem } from './write-access'
import { useWriteGuard } from '@/lib/household-access'

type AddMenuProps = {
  onAddTransaction: () => void
  onCreateTransfer: () => void
  /** Fills its container, the menu as wide as the button (the dashboard's Quick Actions). */
  fullWidth?: boolean
  /** Open on first render (where the menu loads on the first click of its stand-in). */
  defaultOpen?: boolean
}

/**
 * The Add menu: Add Transaction, Create Transfer. A viewer finds it disabled; where it opened from
 * a stand-in that could not know (the dashboard's first load has no room for the household), both
 * entries are disabled under the reason.
 */
export function AddMenu({ onAddTransaction, onCreateTransfer, fullWidth = false, defaultOpen }: AddMenuProps) {
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
      defaultOpen={defaultOpen}
      positioning={fullWidth ? { placement: 'bottom-start', sameWidth: true } : { placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'add-transaction') afterMenu(onAddTransaction)
        else if (value === 'create-transfer') afterMenu(onCreateTransfer)
      }}
    >
      <Menu.Trigger asChild>
        <AddMenuButton ref={trigger} fullWidth={fullWidth} {...useWriteGuard()} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={fullWidth ? undefined : '48'}>
            <WriteMenuGroup>
              <WriteMenuItem value="add-transaction">
                <Receipt size={16} aria-hidden="true" />
                Add Transaction
              </WriteMenuItem>
              <WriteMenuItem value="create-transfer">
                <ArrowLeftRight size={16} aria-hidden="true" />
                Create Transfer
              </WriteMenuItem>
            </WriteMenuGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
