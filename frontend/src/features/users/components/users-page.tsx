import {
  Box,
  Button,
  Flex,
  Heading,
  IconButton,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { Plus, Users } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { notifySuccess } from '@/components/notify'
import { usePageTitle } from '@/components/use-page-title'
import { useTimedNotice } from '@/components/use-timed-notice'
import { getErrorMessage } from '@/lib/api/client'
import { DELETE_USER_FALLBACK_ERROR, useDeleteUser } from '../api/delete-user'
import { USERS_FALLBACK_ERROR, useUsers } from '../api/get-users'
import { RESET_TWO_FACTOR_FALLBACK_ERROR, useResetTwoFactor } from '../api/reset-two-factor'
import { type AccessKind, TOGGLE_ACCESS_FALLBACK_ERROR, useToggleAccess } from '../api/toggle-access'
import { TOGGLE_STATUS_FALLBACK_ERROR, useToggleUserStatus } from '../api/toggle-user-status'
import type { ManagedUser } from '../api/types'
import { FinaliseMonthDialog } from './finalise-month-dialog'
import { UserActivityDialog } from './user-activity-dialog'
import { UserCard } from './user-card'
import { UserDialog } from './user-dialog'
import type { UserAction } from './user-parts'
import { UsersTable } from './users-table'

/** Notices on the users screen last 4 seconds (spec). */
export const USERS_NOTICE_MS = 4000

type UsersPageProps = {
  /** The signed-in superadmin, whose own row cannot be changed here. */
  currentUserId: string
}

type UserDialogState = { kind: 'add' } | { kind: 'edit'; user: ManagedUser } | null

/**
 * A dialog about one user. The user is kept after closing, so the dialog's
 * text does not change while it animates out.
 */
function useUserDialog() {
  const [user, setUser] = useState<ManagedUser | null>(null)
  const [open, setOpen] = useState(false)
  return {
    user,
    open,
    show: (u: ManagedUser) => {
      setUser(u)
      setOpen(true)
    },
    close: () => setOpen(false),
  }
}

/** /users (superadmin): every user, their role, status and permissions, and what can be done to them. */
export function UsersPage({ currentUserId }: UsersPageProps) {
  usePageTitle('User Management')
  const users = useUsers()
  // Nine columns need the width left beside the sidebar on a laptop or wider; below, cards.
  const layout = useBreakpointValue({ base: 'phone', md: 'cards', lg: 'table' } as const, { ssr: false }) ?? 'phone'
  const { notice, show, clear } = useTimedNotice(USERS_NOTICE_MS)
  const [form, setForm] = useState<UserDialogState>(null)
  const remove = useUserDialog()
  const disable = useUserDialog()
  const finalise = useUserDialog()
  const activity = useUserDialog()
  const resetTwoFactor = useUserDialog()
  const deleteMutation = useDeleteUser()
  const statusMutation = useToggleUserStatus()
  const bankMutation = useToggleAccess('bank')
  const finaliseMutation = useToggleAccess('finalise')
  const resetTwoFactorMutation = useResetTwoFactor()

  const list = users.data ?? []

  const toggleAccess = (user: ManagedUser, kind: AccessKind) => {
    const mutation = kind === 'bank' ? bankMutation : finaliseMutation
    mutation.mutate(user._id, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (error) => show(getErrorMessage(error, TOGGLE_ACCESS_FALLBACK_ERROR[kind]), 'error'),
    })
  }

  const onAction = (user: ManagedUser, action: UserAction) => {
    switch (action) {
      case 'edit':
        setForm({ kind: 'edit', user })
        break
      case 'toggle-status':
        // Disabling shuts the person out, so it is confirmed; enabling lets them back at once.
        if (user.isActive) {
          statusMutation.reset()
          disable.show(user)
        } else {
          statusMutation.mutate(user._id, {
            onSuccess: (res) => notifySuccess(res.message),
            onError: (error) => show(getErrorMessage(error, TOGGLE_STATUS_FALLBACK_ERROR), 'error'),
          })
        }
        break
      case 'delete':
        deleteMutation.reset()
        remove.show(user)
        break
      case 'finalise':
        finalise.show(user)
        break
      case 'activity':
        activity.show(user)
        break
      case 'reset-2fa':
        resetTwoFactorMutation.reset()
        resetTwoFactor.show(user)
        break
    }
  }

  const addUser = () => setForm({ kind: 'add' })

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            User Management
          </Heading>
          <Text color="fg.muted" mt="1">
            Add people to the household, set their role and what they may do.
          </Text>
        </Box>
        {layout !== 'phone' ? (
          <Button colorPalette="teal" onClick={addUser}>
            <Plus aria-hidden="true" />
            Add User
          </Button>
        ) : null}
      </Flex>

      <Notice notice={notice} onClose={clear} />
      <LoadError sources={[{ query: users, fallback: USERS_FALLBACK_ERROR }]} />

      {users.isPending ? (
        <Stack gap="3" role="status" aria-label="Loading users">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={layout === 'table' ? '12' : '40'} borderRadius="lg" />
          ))}
        </Stack>
      ) : users.isSuccess && list.length === 0 ? (
        <Box bg="bg" borderWidth="1px" borderRadius="lg" p={{ base: '6', md: '10' }} textAlign="center">
          <Stack gap="3" align="center">
            <Users size={40} aria-hidden="true" />
            <Heading as="h2" size="lg">
              No users found
            </Heading>
            <Button colorPalette="teal" onClick={addUser}>
              <Plus aria-hidden="true" />
              Add First User
            </Button>
          </Stack>
        </Box>
      ) : layout === 'table' ? (
        <UsersTable
          users={list}
          currentUserId={currentUserId}
          onToggleAccess={toggleAccess}
          onAction={onAction}
        />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {list.map((user) => (
            <UserCard
              key={user._id}
              user={user}
              isSelf={user._id === currentUserId}
              onToggleAccess={toggleAccess}
              onAction={onAction}
            />
          ))}
        </SimpleGrid>
      )}

      {layout === 'phone' ? (
        <IconButton
          aria-label="Add User"
          colorPalette="teal"
          position="fixed"
          bottom="calc(1rem + env(safe-area-inset-bottom))"
          insetEnd="4"
          zIndex="sticky"
          size="xl"
          rounded="full"
          shadow="lg"
          onClick={addUser}
        >
          <Plus />
        </IconButton>
      ) : null}

      <UserDialog
        open={form !== null}
        user={form?.kind === 'edit' ? form.user : null}
        onClose={() => setForm(null)}
      />
      <ConfirmDialog
        open={remove.open}
        title="Delete User"
        pending={deleteMutation.isPending}
        error={
          deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_USER_FALLBACK_ERROR) : null
        }
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!remove.user) return
          deleteMutation.mutate(remove.user._id, {
            onSuccess: (res) => {
              notifySuccess(res.message || 'User deleted successfully')
              remove.close()
            },
          })
        }}
        onClose={remove.close}
      >
        {`Are you sure you want to delete user "${remove.user?.name ?? ''}"? This action cannot be undone.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={disable.open}
        title="Disable User"
        confirmLabel="Disable"
        pendingLabel="Disabling..."
        pending={statusMutation.isPending}
        error={statusMutation.isError ? getErrorMessage(statusMutation.error, TOGGLE_STATUS_FALLBACK_ERROR) : null}
        onDismissError={() => statusMutation.reset()}
        onConfirm={() => {
          if (!disable.user) return
          statusMutation.mutate(disable.user._id, {
            onSuccess: (res) => {
              notifySuccess(res.message)
              disable.close()
            },
          })
        }}
        onClose={disable.close}
      >
        {`Are you sure you want to disable user "${disable.user?.name ?? ''}"? They will see the Account Disabled page until you enable them again.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={resetTwoFactor.open}
        title="Reset two-factor"
        confirmLabel="Reset"
        pendingLabel="Resetting..."
        pending={resetTwoFactorMutation.isPending}
        error={
          resetTwoFactorMutation.isError
            ? getErrorMessage(resetTwoFactorMutation.error, RESET_TWO_FACTOR_FALLBACK_ERROR)
            : null
        }
        onDismissError={() => resetTwoFactorMutation.reset()}
        onConfirm={() => {
          if (!resetTwoFactor.user) return
          resetTwoFactorMutation.mutate(resetTwoFactor.user._id, {
            onSuccess: (res) => {
              notifySuccess(res.message)
              resetTwoFactor.close()
            },
          })
        }}
        onClose={resetTwoFactor.close}
      >
        {`Turn off two-factor authentication for "${resetTwoFactor.user?.name ?? ''}"? They will log in with their password alone until they turn it on again. Do this only when you are sure it is them who lost their phone and recovery codes.`}
      </ConfirmDialog>
      <FinaliseMonthDialog
        user={finalise.user}
        open={finalise.open}
        onClose={finalise.close}
        onFinalised={(message) => show(message, 'success')}
      />
      <UserActivityDialog user={activity.user} open={activity.open} onClose={activity.close} />
    </Stack>
  )
}
