// First, before any schema is built: zod without eval, which the Content-Security-Policy forbids.
import '@/lib/zod-config'
// Next: keeps the browser's install offer (beforeinstallprompt), which can fire before React renders.
import '@/lib/pwa/install-prompt'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { installAuthFailureHandler } from '@/app/auth-failure'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { UpdatePrompt } from '@/components/update-prompt'
import { registerServiceWorker } from '@/lib/pwa/register'
import { queryClient } from '@/lib/query-client'

const router = createBrowserRouter(routes)
installAuthFailureHandler(queryClient, router.navigate)
registerServiceWorker()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </AppProvider>
  </StrictMode>,
)
