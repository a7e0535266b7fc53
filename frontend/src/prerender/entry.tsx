/**
 * The build's server entry (see prerender/plugin.ts): renders a signed-out page of the app in Node,
 * once per build, into the built index.html with its critical CSS, so that the page shows before
 * any JavaScript has run; main.tsx then hydrates it. The tree is main.tsx's own (the same routes,
 * providers and siblings, in the same order), so that React's ids and the markup match the
 * browser's first render.
 */
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import createEmotionServer from '@emotion/server/create-instance'
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { appSystem } from '@/app/theme'
import { THEME_STYLESHEET_ATTRIBUTE } from '@/app/theme-css-attribute'
import { UpdatePrompt } from '@/components/update-prompt'
import { createQueryClient } from '@/lib/query-client'
import { fillShell } from './fill-shell'

/** The built index.html (`shell`) with the page at `path` rendered into it. */
export async function prerenderPage(path: string, shell: string): Promise<string> {
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} is a redirect (${context.status}), not a page`)
  const router = createStaticRouter(handler.dataRoutes, context)
  // When the shell links the theme's global stylesheet, the browser's system leaves that CSS out
  // (src/app/theme.ts, which cannot see the link here in Node); so must this render, or each page
  // would carry it twice and the browser would keep both.
  if (new RegExp(`<link[^>]*\\s${THEME_STYLESHEET_ATTRIBUTE}[\\s=>]`).test(shell)) appSystem()._global = []
  // The browser's emotion cache has this key too, so it adopts these styles (the components' rules
  // for both colour modes) instead of adding them again.
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider queryClient={createQueryClient()}>
          {/* No hydration data: its inline script is forbidden by the Content-Security-Policy,
              and these pages have no loaders. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <UpdatePrompt />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
    // React would leave a part that failed to the browser to render; the build fails instead.
    { onError: (error) => void errors.push(error) },
  )
  let markup = ''
  const decoder = new TextDecoder()
  for await (const chunk of prelude) {
    markup += typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, { stream: true })
  }
  markup += decoder.decode()
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} failed`)
  const styleTags = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(markup))
  return fillShell(shell, { path, markup, styleTags })
}
