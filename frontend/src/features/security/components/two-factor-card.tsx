import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { ShieldCheck } from 'lucide-react'
import type { TwoFactorStatus } from '../api/types'

/** Recovery codes left at or under which the card warns. */
export const FEW_RECOVERY_CODES = 3

type TwoFactorCardProps = {
  /** Undefined while loading (or when loading failed: the page says so once). */
  status: TwoFactorStatus | undefined
  onTurnOn: () => void
  onTurnOff: () => void
}

/** Whether logging in also asks for a code from an authenticator app; turns it on or off. */
export function TwoFactorCard({ status, onTurnOn, onTurnOff }: TwoFactorCardProps) {
  return (
    <Card.Root as="section" aria-labelledby="two-factor-heading" variant="outline" bg="bg">
      <Card.Body gap="3" p={{ base: '4', md: '6' }}>
        <Flex gap="2" align="center" wrap="wrap">
          <ShieldCheck size={20} aria-hidden="true" />
          <Heading as="h2" size="lg" id="two-factor-heading" flex="1">
            Two-factor authentication
          </Heading>
          {status ? (
            <Badge colorPalette={status.enabled ? 'green' : 'gray'} variant="subtle" size="md">
              {status.enabled ? 'On' : 'Off'}
            </Badge>
          ) : null}
        </Flex>
        <Text color="fg.muted">
          Logging in asks for a 6-digit code from an authenticator app on your phone as well as your password, so a
          stolen password alone is not enough.
        </Text>
        {!status ? (
          <Skeleton h="10" w="32" role="status" aria-label="Loading two-factor authentication" />
        ) : status.enabled ? (
          <Stack gap="3">
            <Text>
              Recovery codes left: <strong>{status.recoveryCodesLeft}</strong>
            </Text>
            {status.recoveryCodesLeft <= FEW_RECOVERY_CODES ? (
              <Alert.Root status="warning" borderRadius="md">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>
                    {status.recoveryCodesLeft === 0
                      ? 'You have no recovery codes left'
                      : `Only ${status.recoveryCodesLeft} recovery ${status.recoveryCodesLeft === 1 ? 'code' : 'codes'} left`}
                  </Alert.Title>
                  <Alert.Description>
                    Without your phone you could be locked out. Turn two-factor authentication off and on again to get
                    ten new codes.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <Box>
              <Button variant="outline" colorPalette="red" onClick={onTurnOff}>
                Turn off
              </Button>
            </Box>
          </Stack>
        ) : (
          <HStack>
            <Button colorPalette="teal" onClick={onTurnOn}>
              Turn on
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  )
}
