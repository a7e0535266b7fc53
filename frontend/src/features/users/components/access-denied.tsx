import { Heading, Stack } from '@chakra-ui/react'
import { ErrorAlert } from '@/components/error-alert'
import { usePageTitle } from '@/components/use-page-title'

export const ACCESS_DENIED_MESSAGE = 'Access denied. Superadmin privileges required.'

/** What a signed-in user who is not a superadmin sees at /users (the page stays, no redirect). */
export function UsersAccessDenied() {
  usePageTitle('User Management')
  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        User Management
      </Heading>
      <ErrorAlert message={ACCESS_DENIED_MESSAGE} />
    </Stack>
  )
}
