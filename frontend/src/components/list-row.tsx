import { Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A row of a short list in a card (members, invitations, signed-in devices): stacked on a phone, side by side from sm. */
export function ListRow({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Flex
      as="li"
      gap="3"
      py="3"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0 }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      direction={{ base: 'column', sm: 'row' }}
      data-testid={testId}
    >
      {children}
    </Flex>
  )
}
