import { Box } from '@chakra-ui/react'

/** A category's colour as a small dot. */
export function CategoryDot({ color, size = '3' }: { color: string | null | undefined; size?: string }) {
  return (
    <Box
      boxSize={size}
      rounded="full"
      flexShrink={0}
      style={{ backgroundColor: color || '#9E9E9E' }}
      aria-hidden="true"
    />
  )
}
