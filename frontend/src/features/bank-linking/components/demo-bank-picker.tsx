import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { Landmark } from 'lucide-react'
import { DEMO_INSTITUTION } from '../lib/link-flow'

/**
 * The built-in demo bank, shown instead of Plaid Link when the server's provider is the demo:
 * one institution, chosen already; the dialog's Continue connects it.
 */
export function DemoBankPicker({ reconnecting }: { reconnecting: boolean }) {
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        {reconnecting ? `Reconnect ${DEMO_INSTITUTION.name}` : 'Choose your bank'}
      </Text>
      <Flex
        gap="3"
        align="flex-start"
        p="4"
        borderWidth="2px"
        borderColor="teal.solid"
        borderRadius="lg"
        bg="teal.subtle"
        data-testid="demo-bank"
      >
        <Box color="teal.fg" flexShrink={0} mt="0.5">
          <Landmark size={24} aria-hidden="true" />
        </Box>
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold">{DEMO_INSTITUTION.name}</Text>
          <Text fontSize="sm" color="fg.muted">
            A built-in demo bank with a current account and a credit card — no real bank details needed
          </Text>
        </Stack>
      </Flex>
    </Stack>
  )
}
