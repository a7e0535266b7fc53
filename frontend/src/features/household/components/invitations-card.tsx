import { Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { MailPlus } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { FormField } from '@/components/form-field'
import { LoadError } from '@/components/load-error'
import { notifySuccess } from '@/components/notify'
import { SelectField } from '@/components/select-field'
import { getErrorMessage } from '@/lib/api/client'
import { useSchemaForm } from '@/lib/forms'
import { formatDate } from '@/lib/format'
import { INVITATIONS_FALLBACK_ERROR, useInvitations } from '../api/get-invitations'
import { INVITE_FALLBACK_ERROR, useInvite } from '../api/invite'
import { REVOKE_FALLBACK_ERROR, useRevokeInvitation } from '../api/revoke-invitation'
import type { Invitation } from '../api/types'
import { inviteSchema } from '../lib/household'
import { INVITED_ROLES, ROLE_TEXT } from '../lib/roles'
import { ListRow } from '@/components/list-row'

/** The owner's invitations: the invite form, then the pending ones with Revoke. */
export function InvitationsCard() {
  const invitations = useInvitations()
  const revoke = useRevokeInvitation()
  // Kept after closing, so the dialog's words do not change while it animates out.
  const [asked, setAsked] = useState<Invitation | null>(null)
  const [open, setOpen] = useState(false)
  const list = invitations.data ?? []
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="4">
        <HStack gap="2">
          <MailPlus size={20} aria-hidden="true" />
          <Heading as="h2" size="lg">
            Invitations
          </Heading>
        </HStack>
        <InviteForm />
        <LoadError sources={[{ query: invitations, fallback: INVITATIONS_FALLBACK_ERROR }]} />
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Pending ({list.length})
          </Heading>
          {invitations.isPending ? (
            <Skeleton height="16" borderRadius="md" role="status" aria-label="Loading invitations" />
          ) : invitations.isSuccess && list.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No invitations are waiting for an answer.
            </Text>
          ) : (
            <Stack as="ul" gap="0" listStyleType="none" aria-label="Pending invitations">
              {list.map((invitation) => (
                <InvitationRow
                  key={invitation._id}
                  invitation={invitation}
                  onRevoke={() => {
                    revoke.reset()
                    setAsked(invitation)
                    setOpen(true)
                  }}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={open}
        title="Revoke invitation?"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        error={revoke.isError ? getErrorMessage(revoke.error, REVOKE_FALLBACK_ERROR) : null}
        onDismissError={() => revoke.reset()}
        onConfirm={() => {
          if (!asked) return
          revoke.mutate(asked._id, {
            onSuccess: () => {
              notifySuccess(`Invitation to ${asked.email} revoked`)
              setOpen(false)
            },
          })
        }}
        onClose={() => setOpen(false)}
      >
        {`The link sent to ${asked?.email ?? ''} will stop working. You can invite them again later.`}
      </ConfirmDialog>
    </Card.Root>
  )
}

/** Email and role (member unless chosen), then Send invitation; a new one to the same address replaces the old. */
function InviteForm() {
  const inviteMutation = useInvite()
  const {
    register,
    handleSubmit,
    formState: { errors },
    reset,
  } = useSchemaForm(inviteSchema, { email: '', role: 'member' })
  const onSubmit = handleSubmit((body) =>
    inviteMutation.mutate(body, {
      onSuccess: (invitation) => {
        reset({ email: '', role: invitation.role })
        notifySuccess(`Invitation sent to ${invitation.email}`)
      },
    }),
  )
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite someone">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          They get an e-mail with a link to join. A member reads and changes everything shared; a viewer only reads it.
        </Text>
        <ErrorAlert
          message={inviteMutation.isError ? getErrorMessage(inviteMutation.error, INVITE_FALLBACK_ERROR) : null}
          onClose={() => inviteMutation.reset()}
        />
        <Flex gap="3" align={{ base: 'stretch', md: 'flex-start' }} direction={{ base: 'column', md: 'row' }}>
          <Box flex="1">
            <FormField
              label="Email address"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...register('email')}
            />
          </Box>
          <Box w={{ base: 'full', md: '40' }}>
            <SelectField label="Role" error={errors.role?.message} {...register('role')}>
              {INVITED_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_TEXT[r].label}
                </option>
              ))}
            </SelectField>
          </Box>
          {/* Level with the fields on a wide screen: under their labels. */}
          <Button
            type="submit"
            colorPalette="teal"
            size="lg"
            mt={{ base: '0', md: '7' }}
            loading={inviteMutation.isPending}
            loadingText="Sending..."
          >
            Send invitation
          </Button>
        </Flex>
      </Stack>
    </form>
  )
}

function InvitationRow({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  const role = ROLE_TEXT[invitation.role]
  return (
    <ListRow testId="household-invitation">
      <Box minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium" wordBreak="break-all">
            {invitation.email}
          </Text>
          <Badge colorPalette={role.palette}>{role.label}</Badge>
        </HStack>
        <Text fontSize="xs" color="fg.muted" mt="1">
          Invited by {invitation.invitedBy.name} · expires {formatDate(invitation.expiresAt)}
        </Text>
      </Box>
      <Button
        variant="outline"
        colorPalette="red"
        size="sm"
        minH={{ base: '11', md: '0' }}
        minW="24"
        alignSelf={{ base: 'flex-start', sm: 'auto' }}
        flexShrink={0}
        aria-label={`Revoke the invitation to ${invitation.email}`}
        onClick={onRevoke}
      >
        Revoke
      </Button>
    </ListRow>
  )
}
