import { Box, Icon } from '@chakra-ui/react'
import { createElement } from 'react'
import { goalIcon } from '../lib/icons'

/** A goal's icon in its colour on a tint of it; decorative (the name says what the goal is). */
export function GoalIconBadge({ icon, color, size = '10' }: { icon: string; color: string; size?: string }) {
  return (
    <Box
      flexShrink={0}
      boxSize={size}
      rounded="md"
      display="flex"
      alignItems="center"
      justifyContent="center"
      // An 8-digit hex: the goal's colour at about 12 % over the card.
      bg={`${color}1F`}
      color={color}
      aria-hidden="true"
    >
      <Icon asChild boxSize="5">
        {createElement(goalIcon(icon))}
      </Icon>
    </Box>
  )
}
