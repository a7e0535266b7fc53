import { Box, type BoxProps } from '@chakra-ui/react'
import { initials } from '@/lib/names'

/** Each member keeps one colour (from their id), so a list is easy to scan by who made what. */
const PALETTES = ['teal', 'blue', 'purple', 'pink', 'orange', 'cyan'] as const

function paletteOf(id: string): (typeof PALETTES)[number] {
  let hash = 0
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return PALETTES[hash % PALETTES.length]
}

type MemberBadgeProps = Omit<BoxProps, 'children'> & {
  /** The member, as a record names who made it (`createdBy`). */
  member: { _id: string; name: string }
}

/**
 * Who made a record, as their initials on a small round badge ('JD'); 'Made by Jane Doe' is its
 * accessible name and its tooltip. (Drawn with a Box rather than Chakra's Avatar: the avatar's code
 * lives in the first load's account menu, and sharing it would split it out of there.)
 */
export function MemberBadge({ member, ...props }: MemberBadgeProps) {
  const label = `Made by ${member.name}`
  return (
    <Box
      role="img"
      aria-label={label}
      title={label}
      colorPalette={paletteOf(member._id)}
      bg="colorPalette.muted"
      color="colorPalette.fg"
      boxSize="6"
      rounded="full"
      flexShrink={0}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      fontSize="2xs"
      fontWeight="semibold"
      lineHeight="1"
      userSelect="none"
      {...props}
    >
      {initials(member.name)}
    </Box>
  )
}
