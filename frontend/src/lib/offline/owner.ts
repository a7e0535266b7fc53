import { clearOfflineData } from './db'

/** Whose stored copies and unsent changes the device holds (a user id). */
export const OFFLINE_OWNER_KEY = 'offline-owner'

/**
 * Called when someone signs in. The device's offline data (stored lists, unsent changes) stays
 * only if it is this user's: an expired session signing in again keeps its queued changes, while
 * another person on a shared phone never sees the previous user's lists.
 */
export async function claimOfflineData(userId: string): Promise<void> {
  let owner: string | null = null
  try {
    owner = window.localStorage.getItem(OFFLINE_OWNER_KEY)
  } catch {
    // Storage blocked: treat the data as someone else's.
  }
  if (owner === userId) return
  await clearOfflineData()
  try {
    window.localStorage.setItem(OFFLINE_OWNER_KEY, userId)
  } catch {
    // Nothing is kept for later without storage.
  }
}
