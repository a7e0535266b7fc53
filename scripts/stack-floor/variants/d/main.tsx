import { Button, Card, ChakraProvider, Heading, Text } from '@chakra-ui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Link } from 'react-router'
import { RouterProvider } from 'react-router/dom'
// The project's own system (createSystem(appBaseConfig, config); only imports @chakra-ui/react).
import { system } from '../../../../frontend/src/app/theme'

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>
  </StrictMode>,
)
