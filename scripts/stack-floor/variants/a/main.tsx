import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Dashboard</h1>
    <p>Your spending this month at a glance.</p>
  </StrictMode>,
)
