import { Center, Spinner, Text, VStack } from '@chakra-ui/react'

/** Covers the page while something app-wide (the session check) is loading. */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite" data-testid="full-page-spinner">
      <VStack gap="3">
        <Spinner size="xl" color="teal.600" borderWidth="4px" />
        <Text color="fg.muted">{label}</Text>
      </VStack>
    </Center>
  )
}
