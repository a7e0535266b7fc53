import { CloseButton, Drawer, Portal } from '@chakra-ui/react'
import type { NavItem } from './nav-item'
import { SIDEBAR_WIDTH } from './sidebar-width'
import { SidebarNav } from './sidebar-nav'

type NavDrawerProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  navItems: NavItem[]
}

/** The navigation on small screens: the sidebar in a drawer from the start edge. */
export function NavDrawer({ open, onOpenChange, navItems }: NavDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={SIDEBAR_WIDTH}>
            <Drawer.Title srOnly>Navigation</Drawer.Title>
            <SidebarNav items={navItems} onNavigate={() => onOpenChange(false)} />
            <Drawer.CloseTrigger asChild top="2.5" insetEnd="2">
              <CloseButton size="lg" aria-label="Close navigation menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
