import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { Mail } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { formatDate } from '@/lib/format'
import { usePendingInvitations } from '../api/get-pending-invitations'
import type { PendingInvitation } from '../api/types'
import { dismiss, readDismissed } from '../lib/dismissed-invitations'

// Join's dialogs load only when there is an invitation to show, not with every dashboard.
const JoinInvitation = lazy(() => import('./join-invitation').then((m) => ({ default: m.JoinInvitation })))

/**
 * The dashboard's banner, one per invitation the signed-in user has to another household:
 * who invited them, to which household and as what, with Join and Not now (hidden until the tab
 * is closed). Nothing at all while there are none, or when they cannot be read.
 */
export function PendingInvitationsBanner() {
  const pending = usePendingInvitations()
  const [dismissed, setDismissed] = useState(readDismissed)
  const shown = (pending.data ?? []).filter((invitation) => !dismissed.includes(invitation._id))
  if (shown.length === 0) return null
  return (
    <Stack gap="3">
      {shown.map((invitation) => (
        <InvitationBanner key={invitation._id} invitation={invitation} onDismiss={() => setDismissed(dismiss(invitation._id))} />
      ))}
    </Stack>
  )
}

function InvitationBanner({ invitation, onDismiss }: { invitation: PendingInvitation; onDismiss: () => void }) {
  const { invitedBy, householdName, role } = invitation
  const text = `${invitedBy.name} invited you to join ${householdName} as a ${role}`
  return (
    <Box
      as="section"
      aria-label={`Invitation to ${householdName}`}
      data-testid="invitation-banner"
      borderWidth="1px"
      borderColor="teal.muted"
      bg="teal.subtle"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="3">
        <HStack gap="3" align="flex-start">
          <Box color="teal.fg" flexShrink={0} mt="0.5">
            <Mail size={20} aria-hidden="true" />
          </Box>
          <Box minW="0">
            <Text fontWeight="semibold" wordBreak="break-word">
              {text}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              The invitation expires on {formatDate(invitation.expiresAt)}.
            </Text>
          </Box>
        </HStack>
        <Suspense fallback={null}>
          <JoinInvitation target={{ id: invitation._id }} householdName={householdName} joinLabel="Join">
            <Button
              variant="outline"
              bg="bg"
              minH={{ base: '11', md: '0' }}
              flex={{ base: '1', sm: 'initial' }}
              onClick={onDismiss}
            >
              Not now
            </Button>
          </JoinInvitation>
        </Suspense>
      </Stack>
    </Box>
  )
}
