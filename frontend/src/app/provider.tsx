import { ChakraProvider } from '@chakra-ui/react'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { LazyToaster } from '@/components/lazy-toaster'
import { startColorModeSync } from '@/lib/color-mode'
import { appSystem } from './theme'

type AppProviderProps = {
  queryClient: QueryClient
  children: ReactNode
}

export function AppProvider({ queryClient, children }: AppProviderProps) {
  // public/theme-init.js set the colour mode before first paint; from here on, follow changes.
  useEffect(() => startColorModeSync(), [])
  return (
    <ChakraProvider value={appSystem()}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      <LazyToaster />
    </ChakraProvider>
  )
}
