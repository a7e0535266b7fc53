import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Link } from 'react-router'
import { RouterProvider } from 'react-router/dom'

// Same options as frontend/src/lib/query-client.ts (its ApiError check left out).
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (n) => n < 2, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})

const router = createBrowserRouter([
  { path: '/', element: <><h1>Home</h1><Link to="/dashboard">Dashboard</Link></> },
  { path: '/dashboard', element: <><h1>Dashboard</h1><p>Your spending this month at a glance.</p></> },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
