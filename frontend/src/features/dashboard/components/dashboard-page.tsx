import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatDate } from '@/lib/format'

type DashboardPageProps = {
  /** The signed-in user's name, handed in by the app shell. */
  userName: string
}

export function DashboardPage({ userName }: DashboardPageProps) {
  const [today] = useState(() => new Date())
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Welcome back, {userName}!
        </Heading>
        <Text color="fg.muted" mt="1">
          Here&apos;s your financial overview. Today is {formatDate(today)}.
        </Text>
      </Box>
      <Card.Root variant="outline" bg="bg">
        <Card.Body>
          <Text color="fg.muted">
            Your summary tiles, charts and accounts will appear here as you add transactions.
          </Text>
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}
