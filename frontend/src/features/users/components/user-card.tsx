import { Badge, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { formatDate } from '@/lib/format'
import { ACCESS_HELP, ACCESS_LABELS } from '../lib/labels'
import {
  AccessToggle,
  RoleBadge,
  StatusBadge,
  TwoFactorBadge,
  UserActionsMenu,
  type UserRowProps,
  VerifiedMark,
} from './user-parts'

/** One user on a narrow screen: the table's columns and actions as a card. */
export function UserCard({ user, isSelf, onToggleAccess, onAction }: UserRowProps) {
  const helpId = useId()
  return (
    <Card.Root variant="outline" bg="bg" size="sm" data-testid="user-card">
      <Card.Body gap="3">
        <Flex gap="2" align="flex-start">
          <Stack gap="0.5" flex="1" minW="0">
            <HStack gap="2" minW="0">
              <Text as="h2" fontWeight="semibold" fontSize="md" truncate title={user.name}>
                {user.name}
              </Text>
              {isSelf ? (
                <Badge size="sm" variant="outline" flexShrink={0}>
                  You
                </Badge>
              ) : null}
            </HStack>
            <HStack gap="1.5" minW="0">
              <Text fontSize="sm" color="fg.muted" truncate title={user.email}>
                {user.email}
              </Text>
              <VerifiedMark verified={user.isVerified} />
            </HStack>
          </Stack>
          <UserActionsMenu user={user} isSelf={isSelf} onAction={onAction} />
        </Flex>

        <HStack gap="2" wrap="wrap">
          <RoleBadge role={user.role} />
          <StatusBadge isActive={user.isActive} />
          {user.twoFactorEnabled ? <TwoFactorBadge /> : null}
          <Text fontSize="xs" color="fg.muted" ms="auto">
            Created {formatDate(user.createdAt)}
          </Text>
        </HStack>

        <Stack gap="2" borderTopWidth="1px" pt="3">
          {(['bank', 'finalise'] as const).map((kind) => (
            <Flex key={kind} align="center" justify="space-between" gap="3">
              <Stack gap="0" minW="0">
                <Text fontSize="sm">{ACCESS_LABELS[kind]}</Text>
                <Text fontSize="xs" color="fg.muted" id={`${helpId}-${kind}`} data-testid="access-help">
                  {ACCESS_HELP[kind]}
                </Text>
              </Stack>
              <AccessToggle
                user={user}
                kind={kind}
                isSelf={isSelf}
                onToggle={() => onToggleAccess(user, kind)}
                describedBy={`${helpId}-${kind}`}
              />
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
