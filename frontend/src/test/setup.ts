// First: the modules imported below build the API client, which takes the Request of the moment.
import './form-bodies'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { toaster } from '@/components/notify'
import { markFirstScreenShown, resetFirstScreenForTests } from '@/lib/first-screen'
import { resetShoppingQueue } from '@/features/inventory/api/offline-sync'
import { closeOfflineDb } from '@/lib/offline/db'
import { server } from './server'

// findBy… waits up to 3 s (1 s by default): whole-app renders on a busy two-core CI machine
// took longer than a second and failed at random.
configure({ asyncUtilTimeout: 3000 })

// jsdom lacks a few browser APIs that Chakra (zag.js) touches.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}
if (!window.scrollTo) window.scrollTo = () => {}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  window.localStorage.clear()
  window.sessionStorage.clear()
  window.history.replaceState(null, '', '/')
  // The notices' store is a module: another test's notices would fill its three places.
  toaster.remove()
  // So is the first screen's queue of parts (src/lib/first-screen.ts): a turn scheduled on a test's
  // fake timers never comes, and would hold every later part of the worker back. Each test starts
  // as a visit whose first screen has shown.
  resetFirstScreenForTests()
  markFirstScreenShown()
})
// The test files share their workers and modules (isolate: false in vite.config.ts), so what one
// file installs or leaves in a module is undone before the next: a fake IndexedDB (jsdom has
// none, and the screens then keep no copy on the device), the open database and the shopping
// queue over it.
afterAll(async () => {
  server.close()
  await closeOfflineDb()
  Reflect.deleteProperty(globalThis, 'indexedDB')
  resetShoppingQueue()
})
