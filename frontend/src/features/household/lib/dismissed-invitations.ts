/** sessionStorage key of the invitations the dashboard's banner was told 'Not now' for. */
const KEY = 'dismissed-invitations'

/** The ids of the invitations dismissed in this browser tab's session. */
export function readDismissed(): string[] {
  try {
    const ids: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '[]')
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** Hides an invitation's banner until the tab is closed; the answer is every id dismissed. */
export function dismiss(id: string): string[] {
  const ids = [...new Set([...readDismissed(), id])]
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(ids))
  } catch {
    // Storage blocked: the banner stays hidden until the page is left.
  }
  return ids
}
