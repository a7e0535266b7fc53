import { Badge, Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react'
import { CircleCheck, CircleX } from 'lucide-react'
import { getErrorMessage } from '@/lib/api/client'
import { formatLondonDateTime } from '@/lib/format'
import { useHealth, useReadiness } from '../api/get-status'
import { InfoPage } from './info-pages'

type Check = { name: string; ok: boolean; message: string }

/** What the two answers say, check by check, in words (a failed call is a failed check). */
function statusChecks(
  health: ReturnType<typeof useHealth>,
  ready: ReturnType<typeof useReadiness>,
): Check[] | null {
  if (health.isPending || ready.isPending) return null
  if (ready.data) return ready.data.checks
  const serverAnswered = health.isSuccess || (ready.error as { status?: number } | null)?.status === 503
  return [
    {
      name: 'Web server',
      ok: serverAnswered,
      message: serverAnswered ? 'Answering requests' : 'Not answering: the server may be down or restarting',
    },
    {
      name: 'Database',
      ok: false,
      message: serverAnswered
        ? getErrorMessage(ready.error, 'Not ready: the database cannot be reached')
        : 'Unknown while the server does not answer',
    },
  ]
}

/** /status: whether this MySpending server can serve, from GET /api/ready and /api/health. */
export function StatusPage() {
  const health = useHealth()
  const ready = useReadiness()
  const checks = statusChecks(health, ready)
  const allOk = checks?.every((c) => c.ok) ?? false
  const checkedAt = Math.max(ready.dataUpdatedAt, ready.errorUpdatedAt)
  return (
    <InfoPage title="Status" intro="Whether this MySpending server is working now. The page checks again every 30 seconds.">
      {!checks ? (
        <Stack gap="3" role="status" aria-label="Checking the server">
          <Skeleton h="12" />
          <Skeleton h="12" />
        </Stack>
      ) : (
        <Stack gap="4">
          <Flex gap="2" align="center" wrap="wrap">
            <Badge colorPalette={allOk ? 'green' : 'red'} size="lg" variant="subtle">
              {allOk ? 'All systems working' : 'Something is not working'}
            </Badge>
            {ready.data ? (
              <Text fontSize="sm" color="fg.muted">
                Version {ready.data.version}
              </Text>
            ) : null}
          </Flex>
          <Stack as="ul" gap="0" listStyleType="none" aria-label="Checks">
            {checks.map((check) => (
              <Flex as="li" key={check.name} gap="3" py="3" borderTopWidth="1px" _first={{ borderTopWidth: 0 }} align="flex-start">
                {check.ok ? (
                  <CircleCheck size={20} color="var(--chakra-colors-green-fg)" aria-hidden="true" />
                ) : (
                  <CircleX size={20} color="var(--chakra-colors-red-fg)" aria-hidden="true" />
                )}
                <Stack gap="0.5">
                  <Text fontWeight="semibold">
                    {check.name}: {check.ok ? 'working' : 'not working'}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {check.message}
                  </Text>
                </Stack>
              </Flex>
            ))}
          </Stack>
          <Flex gap="3" align="center" wrap="wrap">
            {checkedAt ? (
              <Text fontSize="sm" color="fg.muted">
                Checked {formatLondonDateTime(new Date(checkedAt).toISOString())}
              </Text>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              loading={ready.isFetching || health.isFetching}
              loadingText="Checking..."
              onClick={() => {
                void health.refetch()
                void ready.refetch()
              }}
            >
              Check again
            </Button>
          </Flex>
        </Stack>
      )}
    </InfoPage>
  )
}
