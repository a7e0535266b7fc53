import { useSyncExternalStore } from 'react'

/** Activates the waiting service worker; the page reloads once it takes control. */
export type ApplyUpdate = (reloadPage?: boolean) => Promise<void>

let applyUpdate: ApplyUpdate | null = null
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

/** Records that a new service worker is installed and waiting (called by register.ts). */
export function setUpdateWaiting(apply: ApplyUpdate) {
  applyUpdate = apply
  emit()
}

/** Forgets a waiting update (tests). */
export function clearUpdateWaiting() {
  applyUpdate = null
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Whether a new version is waiting, and how to switch to it: `reload()` tells the waiting
 * worker to take over (updateSW(true)); the page reloads when it has.
 */
export function useUpdateAvailable() {
  // None waits in a page prerendered at build time (src/prerender), nor while it hydrates.
  const waiting = useSyncExternalStore(
    subscribe,
    () => applyUpdate !== null,
    () => false,
  )
  return {
    updateAvailable: waiting,
    reload: async () => {
      await applyUpdate?.(true)
    },
  }
}
