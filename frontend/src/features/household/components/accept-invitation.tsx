import { Button, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { usePageTitle } from '@/components/use-page-title'
import { JoinInvitation } from './join-invitation'

/** What an invitation is, said the same way to a signed-in and a signed-out visitor. */
function WhatJoiningMeans() {
  return (
    <Text>
      You have been invited to join a household on MySpending. Its members share their accounts, transactions,
      budgets and goals; the invitation says whether you may change them or only read them.
    </Text>
  )
}

type AcceptInvitationProps = {
  /** The token of the e-mailed link (/accept-invitation/:token). */
  token: string
  /** The signed-in user's address, which the invitation must have been sent to. */
  email: string
}

/** /accept-invitation/:token for a signed-in user: what joining means, and Join household. */
export function AcceptInvitation({ token, email }: AcceptInvitationProps) {
  usePageTitle('Join a household')
  return (
    <Stack gap="4">
      <WhatJoiningMeans />
      <Text fontSize="sm" color="fg.muted">
        You are signed in as <strong>{email}</strong>. An invitation can be accepted only by the address it was sent
        to.
      </Text>
      <JoinInvitation target={{ token }} />
    </Stack>
  )
}

type SignInToAcceptProps = {
  /** /login and /register, each bringing the visitor back to this page once signed in. */
  loginTo: string
  registerTo: string
}

/** /accept-invitation/:token for a signed-out visitor: sign in or create an account first. */
export function SignInToAccept({ loginTo, registerTo }: SignInToAcceptProps) {
  usePageTitle('Join a household')
  return (
    <Stack gap="4">
      <WhatJoiningMeans />
      <Text color="fg.muted">
        Sign in to accept it, or create an account with the address the invitation was sent to.
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <Button asChild colorPalette="teal" flex={{ sm: '1' }} minH="11">
          <RouterLink to={loginTo}>Sign in</RouterLink>
        </Button>
        <Button asChild variant="outline" flex={{ sm: '1' }} minH="11">
          <RouterLink to={registerTo}>Create an account</RouterLink>
        </Button>
      </Stack>
    </Stack>
  )
}
