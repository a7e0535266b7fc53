import { useLayoutEffect } from 'react'

export const APP_NAME = 'MySpending'

/** 'Dashboard' → 'Dashboard · MySpending'; no title → 'MySpending'. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME
}

/**
 * Sets the document title while the page is shown (see pageTitle), in the same commit as the
 * page: a screen rendered at low priority never shows under the previous screen's title.
 */
export function usePageTitle(title?: string): void {
  useLayoutEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
