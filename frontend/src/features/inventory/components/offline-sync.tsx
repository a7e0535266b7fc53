import { useOfflineSync } from '../api/offline-sync'

/**
 * Replays the shopping changes kept on the device from app start (and on 'online', and on a
 * backoff timer), whatever screen is open. Render it only for a signed-in user.
 */
export function OfflineSync() {
  useOfflineSync()
  return null
}
