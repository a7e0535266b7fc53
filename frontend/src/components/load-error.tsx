import { Alert, Button, CloseButton, Flex } from '@chakra-ui/react'
import { RotateCw } from 'lucide-react'
import { useState } from 'react'
import { ApiError, getErrorMessage } from '@/lib/api/client'
import { useOnline } from '@/lib/use-online'

export const OFFLINE_MESSAGE = 'You appear to be offline. Check your connection and try again.'

/** What the alert needs of a query (a TanStack `useQuery` result fits). */
export type LoadErrorQuery = {
  isError: boolean
  error: unknown
  fetchStatus: 'fetching' | 'paused' | 'idle'
  refetch: () => unknown
}

/** A query of the page and the spec's fallback message for it. */
export type LoadErrorSource = { query: LoadErrorQuery; fallback: string }

/** A failed fetch that never reached the server (status 0, not a timeout). */
function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && error.message === 'Network error'
}

/**
 * What a page shows when loading failed: one alert however many of its queries failed,
 * with the server's message of the first failed source in `sources` (else its fallback),
 * or the offline text when the browser is offline or a call never reached the server.
 * Retry refetches every failed query. Renders nothing when all is well.
 */
export function LoadError({ sources }: { sources: LoadErrorSource[] }) {
  const online = useOnline()
  const [dismissed, setDismissed] = useState<unknown[]>([])
  const failed = sources.filter((s) => s.query.isError)
  // Offline, TanStack Query pauses a fetch instead of failing it.
  const paused = sources.some((s) => s.query.fetchStatus === 'paused')
  const offline =
    (!online && (failed.length > 0 || paused)) || failed.some((s) => isNetworkError(s.query.error))
  const shown = failed.filter((s) => !dismissed.includes(s.query.error))

  if (shown.length === 0 && !(offline && paused)) return null

  const message = offline ? OFFLINE_MESSAGE : getErrorMessage(shown[0].query.error, shown[0].fallback)
  const retrying = failed.some((s) => s.query.fetchStatus === 'fetching')

  return (
    <Alert.Root status={offline ? 'warning' : 'error'} alignItems="flex-start" borderRadius="md" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'flex-start', sm: 'center' }}
          justify="space-between"
          gap="2"
        >
          <Alert.Description>{message}</Alert.Description>
          <Button
            size="xs"
            variant="outline"
            colorPalette={offline ? 'orange' : 'red'}
            bg="bg"
            flexShrink={0}
            loading={retrying}
            loadingText="Retrying..."
            onClick={() => {
              for (const s of sources) {
                if (s.query.isError || s.query.fetchStatus === 'paused') void s.query.refetch()
              }
            }}
          >
            <RotateCw aria-hidden="true" />
            Retry
          </Button>
        </Flex>
      </Alert.Content>
      {shown.length > 0 ? (
        <CloseButton
          size="sm"
          aria-label="Dismiss"
          onClick={() => setDismissed((d) => [...d, ...shown.map((s) => s.query.error)])}
          mt="-1"
          me="-2"
          pos="relative"
        />
      ) : null}
    </Alert.Root>
  )
}
