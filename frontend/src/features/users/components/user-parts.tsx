import { Badge, Box, Button, IconButton, Menu, Portal } from '@chakra-ui/react'
import {
  CalendarCheck,
  Check,
  EllipsisVertical,
  History,
  Pencil,
  ShieldOff,
  Trash2,
  UserCheck,
  UserX,
  X,
} from 'lucide-react'
import type { AccessKind } from '../api/toggle-access'
import { ACCESS_FIELD } from '../api/toggle-access'
import type { ManagedUser } from '../api/types'
import { ACCESS_LABELS, ROLE_LABELS } from '../lib/labels'

/** What the row menu offers ('reset-2fa' only for a user with two-factor sign-in on). */
export type UserAction = 'edit' | 'toggle-status' | 'delete' | 'finalise' | 'activity' | 'reset-2fa'

/** What a row needs from the page: whose row it is, and what to do on a click. */
export type UserRowProps = {
  user: ManagedUser
  /** The signed-in superadmin's own row: its toggles and menu are disabled. */
  isSelf: boolean
  onToggleAccess: (user: ManagedUser, kind: AccessKind) => void
  onAction: (user: ManagedUser, action: UserAction) => void
}

export function RoleBadge({ role }: { role: ManagedUser['role'] }) {
  return (
    <Badge colorPalette={role === 'superadmin' ? 'purple' : 'gray'} variant="subtle">
      {ROLE_LABELS[role]}
    </Badge>
  )
}

export function StatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge colorPalette={isActive ? 'green' : 'red'} variant="subtle">
      {isActive ? 'Active' : 'Disabled'}
    </Badge>
  )
}

/** Said beside a user whose logging in also asks for a code from an authenticator app. */
export function TwoFactorBadge() {
  return (
    <Badge colorPalette="teal" variant="outline" title="Two-factor authentication is on">
      2FA
    </Badge>
  )
}

/** A tick for a verified e-mail, a muted cross otherwise; named for assistive technology. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  return (
    <Box
      as="span"
      role="img"
      aria-label={verified ? 'Verified' : 'Not verified'}
      title={verified ? 'Verified' : 'Not verified'}
      display="inline-flex"
      color={verified ? 'fg.success' : 'fg.muted'}
    >
      {verified ? <Check size={18} aria-hidden="true" /> : <X size={18} aria-hidden="true" />}
    </Box>
  )
}

/**
 * A permission as a button saying its state (Enabled or Disabled); a click
 * flips it. The accessible name carries the permission and whose it is. A
 * superadmin always has both permissions: their button says Always and is off.
 */
export function AccessToggle({
  user,
  kind,
  isSelf,
  onToggle,
  describedBy,
}: {
  user: ManagedUser
  kind: AccessKind
  isSelf: boolean
  onToggle: () => void
  /** The id of the text saying what the permission allows. */
  describedBy?: string
}) {
  const always = user.role === 'superadmin'
  const on = always || user[ACCESS_FIELD[kind]]
  const state = always ? 'Always' : on ? 'Enabled' : 'Disabled'
  const title = always
    ? 'A superadmin always has this access'
    : isSelf
      ? 'You cannot change your own access'
      : on
        ? 'Click to revoke'
        : 'Click to grant'
  return (
    <Button
      size="xs"
      minW="20"
      variant={on ? 'solid' : 'outline'}
      colorPalette={on ? 'green' : 'gray'}
      aria-label={`${ACCESS_LABELS[kind]} for ${user.name}: ${state}`}
      aria-describedby={describedBy}
      title={title}
      disabled={isSelf || always}
      onClick={onToggle}
    >
      {state}
    </Button>
  )
}

/** The row menu: Edit, Disable/Enable, Finalise Month, View Activity, Reset two-factor (when on), Delete. */
export function UserActionsMenu({ user, isSelf, onAction }: Omit<UserRowProps, 'onToggleAccess'>) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => onAction(user, value as UserAction)}
    >
      <Menu.Trigger asChild>
        <IconButton
          aria-label={`Actions for ${user.name}`}
          title={isSelf ? 'You cannot change your own account here' : undefined}
          variant="ghost"
          size="sm"
          disabled={isSelf}
        >
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="edit">
              <Pencil size={16} aria-hidden="true" />
              Edit
            </Menu.Item>
            <Menu.Item value="toggle-status">
              {user.isActive ? (
                <UserX size={16} aria-hidden="true" />
              ) : (
                <UserCheck size={16} aria-hidden="true" />
              )}
              {user.isActive ? 'Disable' : 'Enable'}
            </Menu.Item>
            <Menu.Item value="finalise">
              <CalendarCheck size={16} aria-hidden="true" />
              Finalise Month
            </Menu.Item>
            <Menu.Item value="activity">
              <History size={16} aria-hidden="true" />
              View Activity
            </Menu.Item>
            {user.twoFactorEnabled ? (
              <Menu.Item value="reset-2fa">
                <ShieldOff size={16} aria-hidden="true" />
                Reset two-factor
              </Menu.Item>
            ) : null}
            <Menu.Separator />
            <Menu.Item value="delete" color="fg.error">
              <Trash2 size={16} aria-hidden="true" />
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
