import { Badge, HStack, Table, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { formatDate } from '@/lib/format'
import type { ManagedUser } from '../api/types'
import { AccessDescriptions, AccessHeader } from './access-help'
import {
  AccessToggle,
  RoleBadge,
  StatusBadge,
  TwoFactorBadge,
  UserActionsMenu,
  type UserRowProps,
  VerifiedMark,
} from './user-parts'

type UsersTableProps = Omit<UserRowProps, 'user' | 'isSelf'> & {
  users: ManagedUser[]
  currentUserId: string
}

/** The wide-screen list: one row per user, oldest first. */
export function UsersTable({ users, currentUserId, onToggleAccess, onAction }: UsersTableProps) {
  const helpId = useId()
  const describedBy = { bank: `${helpId}-bank`, finalise: `${helpId}-finalise` }
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" aria-label="Users">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Verified</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">
              <AccessHeader kind="bank" />
            </Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">
              <AccessHeader kind="finalise" />
            </Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user) => {
            const isSelf = user._id === currentUserId
            return (
              <Table.Row key={user._id} data-testid="user-row">
                <Table.Cell>
                  <HStack gap="2">
                    <Text fontWeight="medium" truncate maxW="48" title={user.name}>
                      {user.name}
                    </Text>
                    {isSelf ? (
                      <Badge size="sm" variant="outline">
                        You
                      </Badge>
                    ) : null}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Text truncate maxW={{ base: '48', xl: '64' }} title={user.email}>
                    {user.email}
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="center">
                  <VerifiedMark verified={user.isVerified} />
                </Table.Cell>
                <Table.Cell>
                  <RoleBadge role={user.role} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1.5">
                    <StatusBadge isActive={user.isActive} />
                    {user.twoFactorEnabled ? <TwoFactorBadge /> : null}
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <AccessToggle
                    user={user}
                    kind="bank"
                    isSelf={isSelf}
                    onToggle={() => onToggleAccess(user, 'bank')}
                    describedBy={describedBy.bank}
                  />
                </Table.Cell>
                <Table.Cell>
                  <AccessToggle
                    user={user}
                    kind="finalise"
                    isSelf={isSelf}
                    onToggle={() => onToggleAccess(user, 'finalise')}
                    describedBy={describedBy.finalise}
                  />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(user.createdAt)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <UserActionsMenu user={user} isSelf={isSelf} onAction={onAction} />
                </Table.Cell>
              </Table.Row>
            )
          })}
        </Table.Body>
      </Table.Root>
      <AccessDescriptions ids={describedBy} />
    </Table.ScrollArea>
  )
}
