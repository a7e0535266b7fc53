import { Badge, Box, Card, Heading, HStack, IconButton, Menu, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react'
import { Crown, EllipsisVertical, UserMinus, Users } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import { formatDate } from '@/lib/format'
import { CHANGE_ROLE_FALLBACK_ERROR, useChangeRole } from '../api/change-role'
import type { HouseholdMember, MemberRole } from '../api/household'
import { REMOVE_MEMBER_FALLBACK_ERROR, useRemoveMember } from '../api/remove-member'
import type { InvitedRole } from '../api/types'
import { INVITED_ROLES, ROLE_TEXT } from '../lib/roles'
import { ListRow } from '@/components/list-row'

type MembersCardProps = {
  members: HouseholdMember[]
  currentUserId: string | undefined
  /** The signed-in user owns the household: they change the others' roles, hand it over and remove people. */
  isOwner: boolean
}

type MemberAction = 'make-owner' | 'remove'

/**
 * A question about one member. The member is kept after closing, so the dialog's words do not
 * change while it animates out.
 */
function useMemberQuestion() {
  const [asked, setAsked] = useState<{ member: HouseholdMember; action: MemberAction } | null>(null)
  const [open, setOpen] = useState(false)
  return {
    asked,
    isOpen: (action: MemberAction) => open && asked?.action === action,
    ask: (member: HouseholdMember, action: MemberAction) => {
      setAsked({ member, action })
      setOpen(true)
    },
    close: () => setOpen(false),
  }
}

/** The members with their roles and when they joined; the owner's controls beside each other member. */
export function MembersCard({ members, currentUserId, isOwner }: MembersCardProps) {
  const changeRole = useChangeRole()
  const remove = useRemoveMember()
  const question = useMemberQuestion()
  const name = question.asked?.member.name ?? ''

  const setRole = (member: HouseholdMember, role: InvitedRole) =>
    changeRole.mutate(
      { userId: member._id, role },
      { onSuccess: () => notifySuccess(`${member.name} is now a ${role}`) },
    )

  const onAction = (member: HouseholdMember, action: MemberAction) => {
    if (action === 'make-owner') changeRole.reset()
    else remove.reset()
    question.ask(member, action)
  }

  // A refusal of a role picked in a row shows above the list; one of a confirmation, in its dialog.
  const rowError =
    changeRole.isError && changeRole.variables.role !== 'owner'
      ? getErrorMessage(changeRole.error, CHANGE_ROLE_FALLBACK_ERROR)
      : null
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="3">
        <HStack gap="2">
          <Users size={20} aria-hidden="true" />
          <Heading as="h2" size="lg">
            Members ({members.length})
          </Heading>
        </HStack>
        <ErrorAlert message={rowError} onClose={() => changeRole.reset()} />
        <Stack as="ul" gap="0" listStyleType="none" aria-label="Household members">
          {members.map((m) => (
            <MemberRow
              key={m._id}
              member={m}
              isSelf={m._id === currentUserId}
              manage={isOwner && m._id !== currentUserId && m.role !== 'owner'}
              savingRole={
                changeRole.isPending && changeRole.variables.userId === m._id && changeRole.variables.role !== 'owner'
                  ? changeRole.variables.role
                  : null
              }
              onRole={(role) => setRole(m, role)}
              onAction={(action) => onAction(m, action)}
            />
          ))}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={question.isOpen('make-owner')}
        title={`Make ${name} the owner?`}
        confirmLabel="Make owner"
        pendingLabel="Saving..."
        pending={changeRole.isPending}
        error={changeRole.isError ? getErrorMessage(changeRole.error, CHANGE_ROLE_FALLBACK_ERROR) : null}
        onDismissError={() => changeRole.reset()}
        onConfirm={() => {
          const member = question.asked?.member
          if (!member) return
          changeRole.mutate(
            { userId: member._id, role: 'owner' },
            {
              onSuccess: () => {
                notifySuccess(`${member.name} is now the owner`)
                question.close()
              },
            },
          )
        }}
        onClose={question.close}
      >
        {`${name} will manage the household, its name and its members. You will become a member, and only ${name} can make you the owner again.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={question.isOpen('remove')}
        title={`Remove ${name}?`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        error={remove.isError ? getErrorMessage(remove.error, REMOVE_MEMBER_FALLBACK_ERROR) : null}
        onDismissError={() => remove.reset()}
        onConfirm={() => {
          const member = question.asked?.member
          if (!member) return
          remove.mutate(member._id, {
            onSuccess: () => {
              notifySuccess(`${member.name} was removed from the household`)
              question.close()
            },
          })
        }}
        onClose={question.close}
      >
        {`${name} will leave the household. Everything shared stays, including what they added; their private accounts go with them.`}
      </ConfirmDialog>
    </Card.Root>
  )
}

type MemberRowProps = {
  member: HouseholdMember
  isSelf: boolean
  /** The owner's controls: the role select and the actions menu. */
  manage: boolean
  /** The role being saved for them, shown in the select meanwhile. */
  savingRole: MemberRole | null
  onRole: (role: InvitedRole) => void
  onAction: (action: MemberAction) => void
}

function MemberRow({ member, isSelf, manage, savingRole, onRole, onAction }: MemberRowProps) {
  const role = ROLE_TEXT[member.role]
  return (
    <ListRow testId="household-member">
      <Box minW="0">
        <Text fontWeight="medium" wordBreak="break-word">
          {member.name}
          {isSelf ? ' (you)' : ''}
        </Text>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {member.email}
        </Text>
      </Box>
      <Box textAlign={{ base: 'start', sm: 'end' }} flexShrink={0}>
        {manage ? (
          <HStack gap="2" justify={{ base: 'flex-start', sm: 'flex-end' }}>
            <NativeSelect.Root size={{ base: 'lg', md: 'sm' }} w={{ base: 'full', sm: '36' }} disabled={savingRole !== null}>
              <NativeSelect.Field
                aria-label={`Role of ${member.name}`}
                value={savingRole ?? member.role}
                onChange={(e) => onRole(e.currentTarget.value as InvitedRole)}
              >
                {INVITED_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_TEXT[r].label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <MemberMenu name={member.name} onAction={onAction} />
          </HStack>
        ) : (
          <Badge colorPalette={role.palette}>{role.label}</Badge>
        )}
        <Text fontSize="xs" color="fg.muted" mt="1">
          {role.meaning} · joined {formatDate(member.joinedAt)}
        </Text>
      </Box>
    </ListRow>
  )
}

/** Make owner, then Remove in red. */
function MemberMenu({ name, onAction }: { name: string; onAction: (action: MemberAction) => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onAction(value as MemberAction)}>
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${name}`} variant="ghost" size={{ base: 'lg', md: 'sm' }} flexShrink={0}>
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="make-owner">
              <Crown size={16} aria-hidden="true" />
              Make owner
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="remove" color="fg.error">
              <UserMinus size={16} aria-hidden="true" />
              Remove
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
