import { ChakraProvider } from '@chakra-ui/react'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from '@/components/toaster'
import { system } from './theme'

type AppProviderProps = {
  queryClient: QueryClient
  children: ReactNode
}

export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <Toaster />
    </ChakraProvider>
  )
}
