import { Button, Card, ChakraProvider, Heading, Text } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Link } from 'react-router'
import { RouterProvider } from 'react-router/dom'
// The project's own system (createSystem(appBaseConfig, config); only imports @chakra-ui/react),
// and its start-up in short tasks (frontend/src/main.tsx, issue 36).
import { appSystem } from '../../../../frontend/src/app/theme'
import { yieldToBrowser } from '../../../../frontend/src/lib/yield-to-browser'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (n) => n < 2, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
})

function Dashboard() {
  return (
    <Card.Root maxW="md" m="4">
      <Card.Header>
        <Heading as="h1" size="xl">Dashboard</Heading>
      </Card.Header>
      <Card.Body>
        <Text color="fg.muted">Your spending this month at a glance.</Text>
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="teal">Add transaction</Button>
      </Card.Footer>
    </Card.Root>
  )
}

const router = createBrowserRouter([
  { path: '/', element: <><Heading as="h1">Home</Heading><Link to="/dashboard">Dashboard</Link></> },
  { path: '/dashboard', element: <Dashboard /> },
])

async function start() {
  await yieldToBrowser()
  const system = appSystem()
  await yieldToBrowser()
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <ChakraProvider value={system}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ChakraProvider>
      </StrictMode>,
    ),
  )
}

void start()
