import { Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react'
import { Menu as MenuIcon } from 'lucide-react'
import { lazy, type ReactNode, useState } from 'react'
import { lazyDialog } from '@/components/lazy-dialog'
import { LazyMenu } from '@/components/lazy-menu'
import { APP_NAME, useScreenTitle } from '@/components/use-page-title'
import { AccountMenuButton } from './account-menu-button'
import type { NavItem } from './nav-item'
import { SIDEBAR_WIDTH } from './sidebar-width'
import { SidebarNav } from './sidebar-nav'

// The drawer (and the dialog machinery under it) loads when a phone first opens the menu.
const NavDrawer = lazyDialog(() => import('./nav-drawer').then((m) => m.NavDrawer))
// The account menu loads when the browser is first idle, and shows when first clicked.
const loadAccountMenu = () => import('./account-menu')
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })))

export type AppShellProps = {
  navItems: NavItem[]
  userName: string
  userEmail: string
  onEditProfile: () => void
  onLogout: () => void
  children: ReactNode
}

/**
 * Room under a phone screen's content for the buttons that float over its bottom corner: the
 * tallest stack (recurring's two, 44 + 12 + 48 px, 16 px up) with a little to spare, so the last
 * row scrolls clear of them on every screen.
 */
const FLOATING_BUTTON_ROOM = 'calc(8rem + env(safe-area-inset-bottom))'

/** The signed-in layout: sidebar (drawer on small screens), top bar and content. */
export function AppShell(props: AppShellProps) {
  const { navItems, userName, userEmail, onEditProfile, onLogout, children } = props
  const [drawerOpen, setDrawerOpen] = useState(false)
  const screenTitle = useScreenTitle() ?? APP_NAME

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Box
        as="aside"
        display={{ base: 'none', md: 'block' }}
        position="fixed"
        insetY="0"
        insetStart="0"
        w={SIDEBAR_WIDTH}
        bg="bg"
        borderEndWidth="1px"
        zIndex="docked"
      >
        <SidebarNav items={navItems} />
      </Box>

      <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} navItems={navItems} />

      <Flex direction="column" minH="100dvh" ps={{ base: '0', md: SIDEBAR_WIDTH }}>
        <Flex
          as="header"
          h="16"
          px={{ base: '3', md: '6' }}
          align="center"
          gap="2"
          bg="bg"
          borderBottomWidth="1px"
          position="sticky"
          top="0"
          zIndex="sticky"
        >
          <IconButton
            aria-label="Open navigation menu"
            variant="ghost"
            size="lg"
            display={{ base: 'inline-flex', md: 'none' }}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <HStack flex="1" minW="0" gap="3">
            {/* A phone names the screen (its greeting is on the dashboard); a wide screen greets. */}
            <Text flex="1" fontWeight="semibold" fontSize="lg" truncate minW="0" hideFrom="md" data-testid="top-bar-title">
              {screenTitle}
            </Text>
            <Text flex="1" fontWeight="medium" truncate minW="0" textAlign="end" hideBelow="md">
              Hello, {userName}
            </Text>
            <LazyMenu
              preload={loadAccountMenu}
              standIn={(open) => (
                <AccountMenuButton userName={userName} aria-haspopup="menu" aria-expanded={false} onClick={open} />
              )}
            >
              <AccountMenu
                defaultOpen
                userName={userName}
                userEmail={userEmail}
                onEditProfile={onEditProfile}
                onLogout={onLogout}
              />
            </LazyMenu>
          </HStack>
        </Flex>

        <Box
          as="main"
          flex="1"
          w="full"
          maxW="7xl"
          mx="auto"
          px={{ base: '4', md: '8' }}
          pt={{ base: '5', md: '8' }}
          pb={{ base: FLOATING_BUTTON_ROOM, md: '8' }}
        >
          {children}
        </Box>
      </Flex>
    </Box>
  )
}
