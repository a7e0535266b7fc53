import { useSyncExternalStore } from 'react'

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

/** 'Not Now' on the install banner lasts for the browser session (the spec). */
export const INSTALL_DISMISSED_KEY = 'myspending-install-dismissed'
/** The iOS hint is shown until it is closed once, then never again on this device. */
export const IOS_HINT_DISMISSED_KEY = 'myspending-ios-install-hint-dismissed'

type State = {
  /** The browser's kept install offer; null until it fires, and once used. */
  offer: BeforeInstallPromptEvent | null
  /** 'Not Now' was chosen this session (or the browser's own dialog was declined). */
  dismissed: boolean
  iosHintDismissed: boolean
  /** Counts installs seen (Install App accepted, or `appinstalled`), so a notice shows for each. */
  installs: number
}

function readFlag(storage: () => Storage, key: string): boolean {
  try {
    return storage().getItem(key) === '1'
  } catch {
    return false
  }
}

function writeFlag(storage: () => Storage, key: string) {
  try {
    storage().setItem(key, '1')
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

const initialState = (): State => ({
  offer: null,
  dismissed: readFlag(() => sessionStorage, INSTALL_DISMISSED_KEY),
  iosHintDismissed: readFlag(() => localStorage, IOS_HINT_DISMISSED_KEY),
  installs: 0,
})

let state: State = initialState()
const listeners = new Set<() => void>()

function update(patch: Partial<State>) {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

// Captured at module load (main.tsx imports this module first): Chromium fires the event
// once, early, possibly before React has rendered anything.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    update({ offer: event as BeforeInstallPromptEvent })
  })
  window.addEventListener('appinstalled', () => update({ offer: null, installs: state.installs + 1 }))
}

/** Starts again from storage with no offer kept (tests). */
export function resetInstallPrompt() {
  state = initialState()
  for (const listener of listeners) listener()
}

/** Whether the app runs as an installed app (Chromium's standalone window, or an iOS home-screen app). */
export function isStandalone(): boolean {
  const media = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches
  return media || (navigator as Navigator & { standalone?: boolean }).standalone === true
}

/** An iPhone, iPod or iPad, including iPadOS, which reports a Mac but has a touch screen. */
export function isIos(): boolean {
  const ua = navigator.userAgent
  if (/iPhone|iPad|iPod/.test(ua)) return true
  return /Macintosh/.test(ua) && navigator.maxTouchPoints > 1
}

/** Shows the browser's install dialog; true when the user accepted. A declined dialog counts as 'Not Now'. */
async function install(): Promise<boolean> {
  const offer = state.offer
  if (!offer) return false
  // An offer can be used once: forget it whatever the answer.
  update({ offer: null })
  await offer.prompt()
  const { outcome } = await offer.userChoice
  if (outcome === 'accepted') {
    update({ installs: state.installs + 1 })
    return true
  }
  dismiss()
  return false
}

function dismiss() {
  writeFlag(() => sessionStorage, INSTALL_DISMISSED_KEY)
  update({ dismissed: true })
}

function dismissIosHint() {
  writeFlag(() => localStorage, IOS_HINT_DISMISSED_KEY)
  update({ iosHintDismissed: true })
}

/**
 * What the install banner shows: 'prompt' when the browser offered installation, the app is not
 * running installed and 'Not Now' was not chosen this session; 'ios-hint' on iOS (which never
 * offers) until the hint is closed once; otherwise nothing. `installs` counts installs seen.
 */
export function useInstallPrompt() {
  const current = useSyncExternalStore(subscribe, () => state)
  const standalone = isStandalone()
  let show: 'prompt' | 'ios-hint' | null = null
  if (!standalone && current.offer && !current.dismissed) show = 'prompt'
  else if (!standalone && !current.offer && isIos() && !current.iosHintDismissed) show = 'ios-hint'
  return { show, installs: current.installs, install, dismiss, dismissIosHint }
}
