import { Badge, type BadgeProps } from '@chakra-ui/react'

export const LOOKS_LIKE_TRANSFER = 'Looks like a transfer'

/** On an ordinary row with a candidate counterpart in another account (orange.fg on orange.subtle passes AA in both modes). */
export function LooksLikeTransferBadge(props: BadgeProps) {
  return (
    <Badge colorPalette="orange" variant="subtle" whiteSpace="nowrap" {...props}>
      {LOOKS_LIKE_TRANSFER}
    </Badge>
  )
}
