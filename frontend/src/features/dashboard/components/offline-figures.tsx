import { Alert, Button, Flex } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { CloudOff, RotateCw } from 'lucide-react'
import { type FiguresState, keptName } from '../lib/kept-figures'

/**
 * Says that the dashboard shows figures kept on the device, and from when: stale figures are never
 * shown without it. Online but without the server it offers Retry.
 */
export function OfflineFiguresNotice({ state, message }: { state: FiguresState; message: string }) {
  const queryClient = useQueryClient()
  const retry = () =>
    void queryClient.refetchQueries({ predicate: (query) => keptName(query) !== undefined, type: 'active' })
  return (
    <Alert.Root status="warning" borderRadius="md" role="status" data-testid="dashboard-offline-notice">
      <Alert.Indicator>
        <CloudOff aria-hidden="true" />
      </Alert.Indicator>
      <Alert.Content>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'flex-start', sm: 'center' }}
          justify="space-between"
          gap="2"
        >
          <Alert.Description>{message}</Alert.Description>
          {state.mode === 'unreachable' ? (
            <Button size="xs" variant="outline" colorPalette="orange" bg="bg" flexShrink={0} onClick={retry}>
              <RotateCw aria-hidden="true" />
              Retry
            </Button>
          ) : null}
        </Flex>
      </Alert.Content>
    </Alert.Root>
  )
}
