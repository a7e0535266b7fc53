import { registerSW } from 'virtual:pwa-register'
import { setUpdateWaiting } from './update-store'

/** How often an open tab asks the server for a new service worker. */
const UPDATE_CHECK_MS = 60 * 60 * 1000

/**
 * Registers the service worker of a production build (vite-plugin-pwa's generateSW; `vite dev`
 * has none). A new version never replaces the running one silently: it waits until the user
 * presses Reload on the update prompt. An open tab looks for one hourly and whenever it is
 * shown again, so a long-lived tab learns of a release too.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  const updateSW = registerSW({
    onNeedRefresh: () => setUpdateWaiting(updateSW),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return
      const check = () => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => {})
      }
      setInterval(check, UPDATE_CHECK_MS)
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check()
      })
    },
    onRegisterError: (error) => console.error('The service worker could not be registered', error),
  })
}
