import { Alert } from '@chakra-ui/react'
import { CloudOff, RefreshCw } from 'lucide-react'
import { formatLondonDateTime } from '@/lib/format'
import { useStoredCopyTime } from '@/lib/offline/stored-copy'
import { useOnline } from '@/lib/use-online'
import { useQueueState } from '../api/offline-sync'

export const OFFLINE_TITLE = 'Offline — changes will sync'

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`

type OfflineBannerProps = {
  /** The stored copy this screen reads (its saved time is shown while it is on screen). */
  copy: string
}

/**
 * Tells a shopper without a connection that the screen works from the device and that their
 * changes wait: 'Offline — changes will sync', then 'Syncing N changes…' while they go out.
 * Nothing is shown when online with nothing waiting.
 */
export function OfflineBanner({ copy }: OfflineBannerProps) {
  const online = useOnline()
  const { pending, syncing } = useQueueState()
  const savedAt = useStoredCopyTime(copy)
  const waiting = pending.length

  let title: string
  const details: string[] = []
  if (!online) {
    title = OFFLINE_TITLE
    if (waiting > 0) details.push(`${changes(waiting)} waiting.`)
  } else if (syncing && waiting > 0) {
    title = `Syncing ${changes(waiting)}…`
  } else if (waiting > 0) {
    title = `${changes(waiting)} waiting to sync`
    details.push('They will be sent when the server can be reached.')
  } else if (savedAt) {
    title = 'The server cannot be reached'
  } else {
    return null
  }
  if (savedAt) details.push(`Showing what was saved on this device at ${formatLondonDateTime(savedAt)}.`)

  return (
    <Alert.Root status={online ? 'info' : 'warning'} borderRadius="lg" role="status" data-testid="offline-banner">
      <Alert.Indicator>{online ? <RefreshCw aria-hidden="true" /> : <CloudOff aria-hidden="true" />}</Alert.Indicator>
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {details.length > 0 ? <Alert.Description>{details.join(' ')}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  )
}

export const OFFLINE_TRIP_REASON = 'You are offline. Completing a trip needs a connection.'
export const OFFLINE_ADD_REASON = 'You are offline. Adding items needs a connection.'
/** Why an item's edit, delete and add-to-list are off while offline (using one still works). */
export const OFFLINE_CHANGE_REASON = 'You are offline. Editing, deleting and adding to the list need a connection.'
