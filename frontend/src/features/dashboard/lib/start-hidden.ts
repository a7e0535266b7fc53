/**
 * Whether a user has finished or hidden the getting-started card (per user, on this device):
 * read before the card's code is even loaded, so an established household never loads it.
 */
export const startHiddenKey = (userId: string) => `myspending-getting-started-hidden:${userId}`

export function isStartHidden(userId: string): boolean {
  try {
    return localStorage.getItem(startHiddenKey(userId)) === '1'
  } catch {
    return false
  }
}

export function hideStart(userId: string) {
  try {
    localStorage.setItem(startHiddenKey(userId), '1')
  } catch {
    // Private mode: the card comes back next time, which is harmless.
  }
}
