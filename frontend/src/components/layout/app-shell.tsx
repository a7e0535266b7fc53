import {
  Avatar,
  Box,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  Text,
} from '@chakra-ui/react'
import { Laptop, LogOut, Menu as MenuIcon, Moon, Sun, UserPen } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { type ColorModeChoice, useColorMode } from '@/lib/color-mode'
import { lazyDialog } from '@/components/lazy-dialog'
import type { NavItem } from './nav-item'
import { SIDEBAR_WIDTH } from './sidebar-width'
import { SidebarNav } from './sidebar-nav'

// The drawer (and the dialog machinery under it) loads when a phone first opens the menu.
const NavDrawer = lazyDialog(() => import('./nav-drawer').then((m) => m.NavDrawer))

type AppShellProps = {
  navItems: NavItem[]
  userName: string
  userEmail: string
  onEditProfile: () => void
  onLogout: () => void
  children: ReactNode
}

/** The signed-in layout: sidebar (drawer on small screens), top bar and content. */
export function AppShell(props: AppShellProps) {
  const { navItems, userName, userEmail, onEditProfile, onLogout, children } = props
  const [drawerOpen, setDrawerOpen] = useState(false)

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
            display={{ base: 'inline-flex', md: 'none' }}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </IconButton>
          <HStack flex="1" minW="0" gap="3">
            <Text flex="1" fontWeight="medium" truncate minW="0" textAlign={{ base: 'start', md: 'end' }}>
              Hello, {userName}
            </Text>
            <AccountMenu
              userName={userName}
              userEmail={userEmail}
              onEditProfile={onEditProfile}
              onLogout={onLogout}
            />
          </HStack>
        </Flex>

        <Box
          as="main"
          flex="1"
          w="full"
          maxW="7xl"
          mx="auto"
          px={{ base: '4', md: '8' }}
          py={{ base: '5', md: '8' }}
        >
          {children}
        </Box>
      </Flex>
    </Box>
  )
}

type AccountMenuProps = Pick<AppShellProps, 'userName' | 'userEmail' | 'onEditProfile' | 'onLogout'>

const THEMES: { value: ColorModeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Laptop },
]

function AccountMenu({ userName, userEmail, onEditProfile, onLogout }: AccountMenuProps) {
  const { choice, setChoice } = useColorMode()
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'edit-profile') onEditProfile()
        else if (value === 'logout') onLogout()
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label="Account menu" variant="ghost" rounded="full" size="md">
          <Avatar.Root size="sm" colorPalette="teal">
            <Avatar.Fallback name={userName} />
          </Avatar.Root>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="2" py="1.5">
              <Text fontSize="xs" color="fg.muted">
                Signed in as
              </Text>
              <Text fontSize="sm" fontWeight="medium" truncate maxW="64">
                {userEmail}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.RadioItemGroup
              value={choice}
              onValueChange={({ value }) => setChoice(value as ColorModeChoice)}
            >
              <Menu.ItemGroupLabel fontSize="xs" color="fg.muted" fontWeight="normal">
                Theme
              </Menu.ItemGroupLabel>
              {THEMES.map(({ value, label, icon: ThemeIcon }) => (
                <Menu.RadioItem key={value} value={value}>
                  <ThemeIcon size={16} aria-hidden="true" />
                  <Box flex="1">{label}</Box>
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item value="edit-profile">
              <UserPen size={16} aria-hidden="true" />
              Edit Profile
            </Menu.Item>
            <Menu.Item value="logout">
              <LogOut size={16} aria-hidden="true" />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
