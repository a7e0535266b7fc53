import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { installAuthFailureHandler } from '@/app/auth-failure'
import { AppProvider } from '@/app/provider'
import { routes } from '@/app/router'
import { queryClient } from '@/lib/query-client'

const router = createBrowserRouter(routes)
installAuthFailureHandler(queryClient, router.navigate)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
)
