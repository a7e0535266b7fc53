import { Badge, Box, Button, Dialog, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { LoadError } from '@/components/load-error'
import { PlainDialog } from '@/components/plain-dialog'
import { formatLondonDateTime } from '@/lib/format'
import { AUDIT_FALLBACK_ERROR, useUserAudit } from '../api/get-user-audit'
import type { ManagedUser } from '../api/types'
import { auditActionLabel, auditDetailText } from '../lib/labels'

type UserActivityDialogProps = {
  /** Whose activity; kept by the page while the dialog animates out. */
  user: ManagedUser | null
  open: boolean
  onClose: () => void
}

/** View Activity: what superadmins did to this user, newest first, with who, when and from where. */
export function UserActivityDialog({ user, open, onClose }: UserActivityDialogProps) {
  return (
    <PlainDialog
      open={open}
      onClose={onClose}
      title={<>Activity for {user?.name}</>}
      size="lg"
      responsive
      scrollBehavior="inside"
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      }
    >
      {user ? <ActivityList userId={user._id} /> : null}
    </PlainDialog>
  )
}

function ActivityList({ userId }: { userId: string }) {
  const audit = useUserAudit(userId)
  if (audit.isPending && !audit.isError) {
    return (
      <Stack gap="3" role="status" aria-label="Loading activity">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="14" borderRadius="md" />
        ))}
      </Stack>
    )
  }
  if (audit.isError) return <LoadError sources={[{ query: audit, fallback: AUDIT_FALLBACK_ERROR }]} />
  if (audit.data.length === 0) {
    return <Text color="fg.muted">No activity recorded for this user yet.</Text>
  }
  return (
    <Stack as="ol" gap="0" listStyleType="none" aria-label="Activity, newest first">
      {audit.data.map((entry, i) => (
        <Box as="li" key={`${entry.at}-${i}`} py="3" borderTopWidth={i === 0 ? '0' : '1px'} data-testid="audit-entry">
          <HStack justify="space-between" align="baseline" gap="2" wrap="wrap">
            <Badge variant="subtle" colorPalette="teal" data-action={entry.action}>
              {auditActionLabel(entry.action)}
            </Badge>
            <Text asChild fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
              <time dateTime={entry.at}>{formatLondonDateTime(entry.at)}</time>
            </Text>
          </HStack>
          <Text mt="1">{auditDetailText(entry.detail)}</Text>
          <Text fontSize="xs" color="fg.muted" mt="0.5">
            By {entry.actorEmail ?? 'a deleted administrator'}
            {entry.ip ? ` from ${entry.ip}` : ''}
          </Text>
        </Box>
      ))}
    </Stack>
  )
}
