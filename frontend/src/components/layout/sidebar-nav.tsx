import { Box, Flex, Icon, Stack, Text } from '@chakra-ui/react'
import { NavLink } from 'react-router'
import { Logo } from '@/components/logo'
import type { NavItem } from './nav-item'

type SidebarNavProps = {
  items: NavItem[]
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void
}

/** The sidebar's content: logo and the list of screens. */
export function SidebarNav({ items, onNavigate }: SidebarNavProps) {
  return (
    <Flex direction="column" h="full">
      <Flex h="16" px="5" align="center" borderBottomWidth="1px" flexShrink={0}>
        <Logo />
      </Flex>
      <Box as="nav" aria-label="Main navigation" flex="1" overflowY="auto" px="3" py="4">
        <Stack as="ul" gap="1" listStyleType="none">
          {items.map((item) => (
            <Box as="li" key={item.path}>
              <NavLink to={item.path} onClick={onNavigate} style={{ display: 'block' }}>
                {({ isActive }) => (
                  <Flex
                    align="center"
                    gap="3"
                    px="3"
                    py="2.5"
                    minH="11"
                    borderRadius="md"
                    fontWeight={isActive ? 'semibold' : 'medium'}
                    bg={isActive ? 'teal.subtle' : 'transparent'}
                    color={isActive ? 'teal.fg' : 'fg.muted'}
                    _hover={{ bg: isActive ? 'teal.subtle' : 'bg.muted', color: isActive ? 'teal.fg' : 'fg' }}
                  >
                    <Icon asChild boxSize="5">
                      <item.icon aria-hidden="true" />
                    </Icon>
                    <Text as="span">{item.label}</Text>
                  </Flex>
                )}
              </NavLink>
            </Box>
          ))}
        </Stack>
      </Box>
    </Flex>
  )
}
