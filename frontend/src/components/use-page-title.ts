import { useEffect } from 'react'

export const APP_NAME = 'MySpending'

/** 'Dashboard' → 'Dashboard · MySpending'; no title → 'MySpending'. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME
}

/** Sets the document title while the page is shown (see pageTitle). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title)
  }, [title])
}
