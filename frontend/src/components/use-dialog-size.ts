import { useBreakpointValue } from '@chakra-ui/react'

/**
 * Form dialogs fill the screen below the medium breakpoint and are a centred
 * card above it. (A responsive `size` prop would keep the full-screen
 * variant's minimum height on wide screens, so the size is picked here.)
 */
export function useDialogSize(wide: 'md' | 'lg' = 'md'): 'full' | 'md' | 'lg' {
  return useBreakpointValue({ base: 'full', md: wide }, { ssr: false }) ?? wide
}
