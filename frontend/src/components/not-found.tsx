import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { Compass } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { usePageTitle } from './use-page-title'

type NotFoundProps = {
  /** Where the button leads: the dashboard signed in, the landing page signed out. */
  homePath: string
  homeLabel: string
}

/** The body of the 404 page for an address the app has no page for. */
export function NotFound({ homePath, homeLabel }: NotFoundProps) {
  usePageTitle('Page not found')
  return (
    <Stack align="center" textAlign="center" gap="4" py={{ base: '10', md: '16' }} px="2">
      <Stack
        align="center"
        justify="center"
        boxSize="16"
        borderRadius="full"
        bg="teal.subtle"
        color="teal.fg"
        aria-hidden="true"
      >
        <Compass size={32} />
      </Stack>
      <Text fontSize="sm" fontWeight="semibold" color="fg.muted" letterSpacing="wider" textTransform="uppercase">
        Error 404
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Page not found
      </Heading>
      <Text color="fg.muted" maxW="md">
        We couldn&apos;t find the page you asked for.
      </Text>
      <Button asChild colorPalette="teal" size="lg" mt="2" w={{ base: 'full', sm: 'auto' }}>
        <RouterLink to={homePath}>{homeLabel}</RouterLink>
      </Button>
    </Stack>
  )
}
