import { useLayoutEffect, useSyncExternalStore } from 'react'

export const APP_NAME = 'MySpending'

/** 'Dashboard' → 'Dashboard · MySpending'; no title → 'MySpending'. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME
}

/** The shown screen's own name, as its last usePageTitle gave it (the phone's top bar says it). */
let screenTitle: string | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

function readScreenTitle() {
  return screenTitle
}

/**
 * Sets the document title while the page is shown (see pageTitle), in the same commit as the
 * page: a screen rendered at low priority never shows under the previous screen's title. The
 * title is also the screen's name in the phone's top bar (useScreenTitle).
 */
export function usePageTitle(title?: string): void {
  useLayoutEffect(() => {
    document.title = pageTitle(title)
    if (screenTitle !== title) {
      screenTitle = title
      listeners.forEach((listener) => listener())
    }
  }, [title])
}

/**
 * The name of the screen on show ('Transactions'), undefined before any screen has named itself.
 * Like the document title it stays until the next screen names itself.
 */
export function useScreenTitle(): string | undefined {
  return useSyncExternalStore(subscribe, readScreenTitle, readScreenTitle)
}
