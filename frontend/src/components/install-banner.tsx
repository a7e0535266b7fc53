import { Box, Button, Card, CloseButton, Flex, HStack, Icon, Stack, Text } from '@chakra-ui/react'
import { Download, Share } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useInstallPrompt } from '@/lib/pwa'
import { Notice } from './notice'
import { useTimedNotice } from './use-timed-notice'

/** The install success notice lasts 6 seconds (the spec's notice durations). */
export const INSTALL_NOTICE_MS = 6000
export const INSTALLED_MESSAGE = 'MySpending is installed. Open it from your home screen.'

/**
 * 'Install MySpending' at the top of every signed-in page while the browser offers installation
 * (and the app is not installed, nor the offer turned down this session); on iOS, which never
 * offers, a one-time hint on installing from the Share menu instead.
 */
export function InstallBanner() {
  const { show, installs, install, dismiss, dismissIosHint } = useInstallPrompt()
  const { notice, show: showNotice, clear } = useTimedNotice(INSTALL_NOTICE_MS)
  const seenInstalls = useRef(installs)

  useEffect(() => {
    if (installs > seenInstalls.current) showNotice(INSTALLED_MESSAGE)
    seenInstalls.current = installs
  }, [installs, showNotice])

  if (notice) {
    return (
      <Box mb="4">
        <Notice notice={notice} onClose={clear} />
      </Box>
    )
  }
  if (show === 'prompt') {
    return (
      <Card.Root as="section" aria-labelledby="install-banner-title" variant="outline" bg="bg.panel" size="sm" mb="4">
        <Card.Body>
          <Flex gap="3" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
            <HStack gap="3" flex="1" align="flex-start">
              <Flex
                flexShrink={0}
                boxSize="10"
                rounded="md"
                align="center"
                justify="center"
                bg="teal.subtle"
                color="teal.fg"
              >
                <Icon asChild boxSize="5">
                  <Download aria-hidden="true" />
                </Icon>
              </Flex>
              <Stack gap="0.5" minW="0">
                <Card.Title id="install-banner-title" as="h2" fontSize="md">
                  Install MySpending
                </Card.Title>
                <Card.Description color="fg.muted">
                  Add it to your home screen or desktop for quick access, in its own window.
                </Card.Description>
              </Stack>
            </HStack>
            <HStack gap="2" justify="flex-end" flexShrink={0}>
              <Button variant="ghost" onClick={dismiss} flex={{ base: '1', md: 'initial' }}>
                Not Now
              </Button>
              <Button colorPalette="teal" onClick={() => void install()} flex={{ base: '1', md: 'initial' }}>
                Install App
              </Button>
            </HStack>
          </Flex>
        </Card.Body>
      </Card.Root>
    )
  }
  if (show === 'ios-hint') {
    return (
      <Card.Root as="section" aria-label="Install MySpending" variant="outline" bg="bg.panel" size="sm" mb="4">
        <Card.Body>
          <HStack gap="3" align="flex-start">
            <Flex flexShrink={0} boxSize="8" rounded="md" align="center" justify="center" bg="teal.subtle" color="teal.fg">
              <Icon asChild boxSize="4">
                <Share aria-hidden="true" />
              </Icon>
            </Flex>
            <Text flex="1" alignSelf="center">
              Install MySpending: tap the Share button, then Add to Home Screen.
            </Text>
            <CloseButton size="sm" aria-label="Close install hint" onClick={dismissIosHint} />
          </HStack>
        </Card.Body>
      </Card.Root>
    )
  }
  return null
}
