import { Box, Button, HStack, type StackProps } from '@chakra-ui/react'

type TagTogglesProps = Omit<StackProps, 'onChange' | 'onToggle'> & {
  tags: readonly { _id: string; name: string; color: string }[]
  /** The ids switched on. */
  chosen: readonly string[]
  onToggle: (id: string) => void
}

/** One pressable pill per tag, in its colour (the list's tag filter, a rule's 'add tags'). */
export function TagToggles({ tags, chosen, onToggle, ...stack }: TagTogglesProps) {
  return (
    <HStack gap="1.5" wrap="wrap" {...stack}>
      {tags.map((t) => {
        const on = chosen.includes(t._id)
        return (
          <Button
            key={t._id}
            size="xs"
            rounded="full"
            variant={on ? 'subtle' : 'outline'}
            colorPalette={on ? 'teal' : 'gray'}
            aria-pressed={on}
            onClick={() => onToggle(t._id)}
          >
            <Box as="span" boxSize="2" rounded="full" style={{ backgroundColor: t.color }} aria-hidden="true" />
            {t.name}
          </Button>
        )
      })}
    </HStack>
  )
}
