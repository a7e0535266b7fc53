import { HStack, Spinner, Text } from '@chakra-ui/react'

/** A spinner with what is happening, announced politely. */
export function LinkProgress({ text }: { text: string }) {
  return (
    <HStack gap="3" role="status" align="center" py="2">
      <Spinner size="sm" color="teal.fg" flexShrink={0} />
      <Text>{text}</Text>
    </HStack>
  )
}
