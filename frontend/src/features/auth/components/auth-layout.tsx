import { Box, Card, Center, Heading, Link, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { Logo } from '@/components/logo'

type AuthLayoutProps = {
  title: string
  subtitle?: ReactNode
  children: ReactNode
}

/** The centred card the signed-out account screens share. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <Center minH="100dvh" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }}>
      <Stack gap="6" w="full" maxW="md">
        <Center>
          <Link asChild _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/">
              <Logo size="lg" />
            </RouterLink>
          </Link>
        </Center>
        <Card.Root variant="elevated" borderRadius="xl">
          <Card.Body p={{ base: '5', md: '8' }}>
            <Stack gap="6">
              <Box textAlign="center">
                <Heading as="h1" size="2xl">
                  {title}
                </Heading>
                {subtitle ? (
                  <Text mt="2" color="fg.muted">
                    {subtitle}
                  </Text>
                ) : null}
              </Box>
              {children}
            </Stack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  )
}

/** A react-router link styled as a Chakra link. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="teal.fg" fontWeight="medium">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  )
}
