import { Badge, Box, Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { MonitorSmartphone } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ListRow } from '@/components/list-row'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import { formatLondonDateTime } from '@/lib/format'
import { END_OTHER_SESSIONS_FALLBACK_ERROR, useEndOtherSessions } from '../api/end-other-sessions'
import { END_SESSION_FALLBACK_ERROR, useEndSession } from '../api/end-session'
import type { Session } from '../api/types'
import { deviceName } from '../lib/device-name'
import { byRecentActivity } from '../lib/sessions'
import { timeAgo } from '../lib/relative-time'

type DevicesCardProps = {
  /** Undefined while loading (or when loading failed: the page says so once). */
  sessions: Session[] | undefined
}

/** Where the account is signed in; signs one device out, or every other one. */
export function DevicesCard({ sessions }: DevicesCardProps) {
  const endOne = useEndSession()
  const endOthers = useEndOtherSessions()
  // The device being asked about is kept after closing, so the question does not change while it animates out.
  const [asked, setAsked] = useState<Session | null>(null)
  const [askOpen, setAskOpen] = useState(false)
  const [othersOpen, setOthersOpen] = useState(false)
  const list = sessions ? byRecentActivity(sessions) : []
  const hasOthers = list.some((s) => !s.current)

  return (
    <Card.Root as="section" aria-labelledby="devices-heading" variant="outline" bg="bg">
      <Card.Body gap="3" p={{ base: '4', md: '6' }}>
        <Flex gap="2" align="center">
          <MonitorSmartphone size={20} aria-hidden="true" />
          <Heading as="h2" size="lg" id="devices-heading">
            Signed-in devices
          </Heading>
        </Flex>
        <Text color="fg.muted">
          Where your account is logged in now. Sign out a device you do not recognise, or have lost.
        </Text>
        {!sessions ? (
          <Stack gap="3" role="status" aria-label="Loading signed-in devices">
            <Skeleton h="14" />
            <Skeleton h="14" />
          </Stack>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Signed-in devices">
            {list.map((session) => (
              <DeviceRow
                key={session._id}
                session={session}
                onSignOut={() => {
                  endOne.reset()
                  setAsked(session)
                  setAskOpen(true)
                }}
              />
            ))}
          </Stack>
        )}
        {sessions && hasOthers ? (
          <Box borderTopWidth="1px" pt="3">
            <Button
              variant="outline"
              colorPalette="red"
              w={{ base: 'full', sm: 'auto' }}
              onClick={() => {
                endOthers.reset()
                setOthersOpen(true)
              }}
            >
              Sign out all other devices
            </Button>
          </Box>
        ) : null}
      </Card.Body>

      <ConfirmDialog
        open={askOpen}
        title="Sign out device"
        confirmLabel="Sign out"
        pendingLabel="Signing out..."
        pending={endOne.isPending}
        error={endOne.isError ? getErrorMessage(endOne.error, END_SESSION_FALLBACK_ERROR) : null}
        onDismissError={() => endOne.reset()}
        onConfirm={() => {
          if (!asked) return
          endOne.mutate(asked._id, {
            onSuccess: (res) => {
              notifySuccess(res.message)
              setAskOpen(false)
            },
          })
        }}
        onClose={() => setAskOpen(false)}
      >
        {`Sign out ${asked ? deviceName(asked.userAgent) : ''}? It will need to log in again.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={othersOpen}
        title="Sign out all other devices"
        confirmLabel="Sign out all"
        pendingLabel="Signing out..."
        pending={endOthers.isPending}
        error={endOthers.isError ? getErrorMessage(endOthers.error, END_OTHER_SESSIONS_FALLBACK_ERROR) : null}
        onDismissError={() => endOthers.reset()}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: (res) => {
              notifySuccess(res.message)
              setOthersOpen(false)
            },
          })
        }
        onClose={() => setOthersOpen(false)}
      >
        Every other device logged in to your account will need to log in again. This device stays signed in.
      </ConfirmDialog>
    </Card.Root>
  )
}

function DeviceRow({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const name = deviceName(session.userAgent)
  return (
    <ListRow testId="device-row">
      <Stack gap="0.5" minW="0">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">{name}</Text>
          {session.current ? (
            <Badge colorPalette="teal" variant="subtle">
              This device
            </Badge>
          ) : null}
        </Flex>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last active{' '}
              <time dateTime={session.lastSeenAt} title={formatLondonDateTime(session.lastSeenAt)}>
                {timeAgo(session.lastSeenAt)}
              </time>
            </>
          )}
        </Text>
      </Stack>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          flexShrink={0}
          alignSelf={{ base: 'flex-start', sm: 'center' }}
          aria-label={`Sign out ${name}`}
          onClick={onSignOut}
        >
          Sign out
        </Button>
      )}
    </ListRow>
  )
}
