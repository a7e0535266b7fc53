import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Link } from 'react-router'
import { RouterProvider } from 'react-router/dom'

const router = createBrowserRouter([
  { path: '/', element: <><h1>Home</h1><Link to="/dashboard">Dashboard</Link></> },
  { path: '/dashboard', element: <><h1>Dashboard</h1><p>Your spending this month at a glance.</p></> },
])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
