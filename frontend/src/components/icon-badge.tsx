import { Box, Icon } from '@chakra-ui/react'
import type { ReactElement } from 'react'

type IconBadgeProps = {
  /** A hex colour: the glyph's colour, and the badge's at low opacity. */
  tint: string
  /** Diameter of the badge, in Chakra size tokens. */
  size: string
  /** The glyph (a lucide icon element), drawn at 55% of the badge. */
  children: ReactElement
}

/** An icon on a round badge tinted with one colour (categories, transfers). */
export function IconBadge({ tint, size, children }: IconBadgeProps) {
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
        {children}
      </Icon>
    </Box>
  )
}
