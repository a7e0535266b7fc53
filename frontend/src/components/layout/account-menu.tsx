import { Box, Menu, Portal, Text } from '@chakra-ui/react'
import { DatabaseBackup, House, KeyRound, Laptop, ListFilter, LogOut, Moon, ShieldCheck, Sun, UserPen } from 'lucide-react'
import { useNavigate } from 'react-router'
import { type ColorModeChoice, useColorMode } from '@/lib/color-mode'
import { AccountMenuButton } from './account-menu-button'
import type { AppShellProps } from './app-shell'

type AccountMenuProps = Pick<AppShellProps, 'userName' | 'userEmail' | 'onEditProfile' | 'onLogout'> & {
  /** Open on first render: the menu loads on the first click of its stand-in (see app-shell.tsx). */
  defaultOpen?: boolean
}

const THEMES: { value: ColorModeChoice; label: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Laptop },
]

/** Settings screens the menu opens, by item value. */
const SETTINGS: Record<string, string> = {
  household: '/settings/household',
  rules: '/settings/rules',
  backup: '/settings/backup',
  security: '/security',
  'api-tokens': '/settings/api-tokens',
}

/** The account menu of the top bar: who is signed in, the theme, Household, rules, Backup & Restore, Edit Profile, Security, API Tokens and Logout. */
export function AccountMenu({ userName, userEmail, onEditProfile, onLogout, defaultOpen }: AccountMenuProps) {
  const { choice, setChoice } = useColorMode()
  const navigate = useNavigate()
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'edit-profile') onEditProfile()
        else if (value === 'logout') onLogout()
        else if (SETTINGS[value]) void navigate(SETTINGS[value])
      }}
    >
      <Menu.Trigger asChild>
        <AccountMenuButton userName={userName} />
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
            <Menu.Item value="household">
              <House size={16} aria-hidden="true" />
              Household
            </Menu.Item>
            <Menu.Item value="rules">
              <ListFilter size={16} aria-hidden="true" />
              Categorisation Rules
            </Menu.Item>
            <Menu.Item value="backup">
              <DatabaseBackup size={16} aria-hidden="true" />
              Backup &amp; Restore
            </Menu.Item>
            <Menu.Item value="edit-profile">
              <UserPen size={16} aria-hidden="true" />
              Edit Profile
            </Menu.Item>
            <Menu.Item value="security">
              <ShieldCheck size={16} aria-hidden="true" />
              Security
            </Menu.Item>
            <Menu.Item value="api-tokens">
              <KeyRound size={16} aria-hidden="true" />
              API Tokens
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
