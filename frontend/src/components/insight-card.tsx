import { Box, Card, HStack, Icon, Text } from '@chakra-ui/react'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/** A titled insight with an icon badge (Best Month, Worst Month, Top Category…) on the analytics screens. */
export function InsightCard(props: { title: string; icon: LucideIcon; palette: string; children: ReactNode }) {
  const { title, icon: InsightIcon, palette, children } = props
  return (
    <Card.Root variant="outline" bg="bg" size="sm">
      <Card.Body>
        <HStack gap="3" align="flex-start">
          <Box
            flexShrink={0}
            boxSize="10"
            rounded="md"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg={`${palette}.subtle`}
            color={`${palette}.fg`}
          >
            <Icon asChild boxSize="5">
              <InsightIcon aria-hidden="true" />
            </Icon>
          </Box>
          <Box minW="0" data-testid={`insight-${title}`}>
            <Text fontSize="sm" color="fg.muted">
              {title}
            </Text>
            {children}
          </Box>
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}
