import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useUpdateAvailable } from '@/lib/pwa'

/**
 * 'A new version is available' with Reload, while a new service worker waits. It does not block
 * the page; the waiting version takes over only when Reload is pressed, and the page then reloads
 * on it, so a tab never runs a mix of old and new code.
 */
export function UpdatePrompt() {
  const { updateAvailable, reload } = useUpdateAvailable()
  const [reloading, setReloading] = useState(false)
  if (!updateAvailable) return null
  return (
    <Box
      role="status"
      position="fixed"
      zIndex="toast"
      insetInlineStart="4"
      insetInlineEnd={{ base: '4', md: 'auto' }}
      // On phones, above the floating add and complete buttons that pages keep at the bottom.
      bottom={{
        base: 'calc(5.5rem + env(safe-area-inset-bottom, 0px))',
        md: 'calc(1rem + env(safe-area-inset-bottom, 0px))',
      }}
      maxW={{ md: 'sm' }}
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      rounded="l2"
      shadow="lg"
      px="4"
      py="3"
    >
      <HStack gap="3" justify="space-between">
        <Text fontWeight="medium">A new version is available</Text>
        <Button
          size="sm"
          colorPalette="teal"
          loading={reloading}
          loadingText="Reloading"
          onClick={() => {
            setReloading(true)
            void reload()
          }}
        >
          Reload
        </Button>
      </HStack>
    </Box>
  )
}
