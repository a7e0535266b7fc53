import { Box, chakra, HStack, Text } from '@chakra-ui/react'
import { X } from 'lucide-react'

type TagChipProps = {
  name: string
  /** `#rrggbb`: the dot and the outline; the text keeps the theme's colour, so it always reads. */
  color: string
  size?: 'xs' | 'sm'
  /** Shows a remove button named 'Remove tag <name>'. */
  onRemove?: () => void
}

const RemoveButton = chakra('button')

/** A tag as a small pill in its colour. */
export function TagChip({ name, color, size = 'sm', onRemove }: TagChipProps) {
  const small = size === 'xs'
  return (
    <HStack
      as="span"
      display="inline-flex"
      gap="1"
      maxW="full"
      minW="0"
      px={small ? '1.5' : '2'}
      py={small ? '0' : '0.5'}
      rounded="full"
      borderWidth="1px"
      bg="bg.subtle"
      style={{ borderColor: color }}
      data-testid="tag-chip"
    >
      <Box as="span" flexShrink={0} boxSize={small ? '1.5' : '2'} rounded="full" style={{ backgroundColor: color }} />
      <Text as="span" fontSize={small ? '2xs' : 'xs'} truncate>
        {name}
      </Text>
      {onRemove ? (
        <RemoveButton
          type="button"
          aria-label={`Remove tag ${name}`}
          onClick={onRemove}
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          rounded="full"
          color="fg.muted"
          _hover={{ color: 'fg' }}
          cursor="pointer"
          minW="5"
          minH="5"
        >
          <X size={12} aria-hidden="true" />
        </RemoveButton>
      ) : null}
    </HStack>
  )
}

/** A row's tags, compact: each as a chip, wrapping. */
export function TagChips({ tags, size = 'xs' }: { tags: readonly { _id: string; name: string; color: string }[]; size?: 'xs' | 'sm' }) {
  if (tags.length === 0) return null
  return (
    <HStack as="span" gap="1" wrap="wrap" minW="0" aria-label="Tags">
      {tags.map((t) => (
        <TagChip key={t._id} name={t.name} color={t.color} size={size} />
      ))}
    </HStack>
  )
}
