import { Box, Center, Container, Flex, Link } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { Logo } from '@/components/logo'
import { NotFound } from '@/components/not-found'
import { useSignedInUser } from '../use-signed-in-user'
import { DEFAULT_SIGNED_IN_PATH } from '../routing-rules'
import { AppLayout } from './app-layout'

/**
 * Any path without a page: a 404 page inside the app shell for a signed-in
 * user (button to the dashboard), or on its own for a signed-out visitor
 * (button to the landing page). The address is left as it is.
 */
export function NotFoundRoute() {
  const user = useSignedInUser()
  if (user) {
    return (
      <AppLayout rememberPath={false}>
        <NotFound homePath={DEFAULT_SIGNED_IN_PATH} homeLabel="Go to dashboard" />
      </AppLayout>
    )
  }
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="6xl">
          <Flex h="16" align="center">
            <Link asChild _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label="MySpending home">
                <Logo />
              </RouterLink>
            </Link>
          </Flex>
        </Container>
      </Box>
      <Center as="main" flex="1" px="4">
        <NotFound homePath="/" homeLabel="Go to the home page" />
      </Center>
    </Flex>
  )
}
