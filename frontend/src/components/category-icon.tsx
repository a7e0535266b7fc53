import { Box, Icon } from '@chakra-ui/react'
import { createElement } from 'react'
import { categoryIconFor } from './category-icons'

type CategoryIconProps = {
  /** One of the 20 icon names (category-icons.ts); an unknown one shows a tag. */
  icon: string | null | undefined
  color?: string | null
  /** Diameter of the round badge, in Chakra size tokens. */
  size?: string
}

/** A category's icon on a round badge tinted with its colour. */
export function CategoryIcon({ icon, color, size = '10' }: CategoryIconProps) {
  const tint = color || '#9E9E9E'
  return (
    <Box
      flexShrink={0}
      boxSize={size}
      rounded="full"
      display="flex"
      alignItems="center"
      justifyContent="center"
      style={{ backgroundColor: `${tint}22`, color: tint }}
      aria-hidden="true"
    >
      <Icon asChild boxSize="55%">
        {createElement(categoryIconFor(icon))}
      </Icon>
    </Box>
  )
}
