import { Box, type BoxProps, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

type PageHeaderProps = {
  title: ReactNode
  /** A line under the title; it keeps its height while its text is loading. */
  subtitle: ReactNode
  /** The page's buttons, on the right (under the title on phones when they do not fit). */
  actions?: ReactNode
}

/** The top of a screen: its h1, a line saying what it is for, and its buttons. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Flex align={{ base: 'flex-start', md: 'center' }} justify="space-between" gap="3" wrap="wrap">
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        <Text color="fg.muted" mt="1" minH="6">
          {subtitle}
        </Text>
      </Box>
      {actions}
    </Flex>
  )
}

type EmptyStateProps = {
  icon: LucideIcon
  /** An h2 saying what is missing ('No budgets set yet'). */
  title: ReactNode
  /** What to do about it, under the title. */
  text?: ReactNode
  /** Narrows a long text. */
  textMaxW?: string
  /** Room around it; roomier on wide screens unless given. */
  p?: BoxProps['p']
  /** The way on: a button or two. */
  children?: ReactNode
}

/** What a list or screen shows in place of its content when there is nothing yet. */
export function EmptyState({ icon: Glyph, title, text, textMaxW, p = { base: '6', md: '10' }, children }: EmptyStateProps) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" p={p} textAlign="center">
      <Stack gap="3" align="center">
        <Glyph size={40} aria-hidden="true" />
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {text === undefined ? null : (
          <Text color="fg.muted" maxW={textMaxW}>
            {text}
          </Text>
        )}
        {children}
      </Stack>
    </Box>
  )
}

type CardGridSkeletonProps = {
  /** The accessible name of the loading state ('Loading budgets'). */
  label: string
  /** How many cards stand in. */
  count?: number
  /** A card's height, in Chakra size tokens. */
  height: string
  gap?: string
}

/** Grey cards in the one-two-three column grid of a list of cards, while the list loads. */
export function CardGridSkeleton({ label, count = 3, height, gap = '4' }: CardGridSkeletonProps) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={gap} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} borderRadius="lg" />
      ))}
    </SimpleGrid>
  )
}
