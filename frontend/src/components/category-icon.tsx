import { createElement } from 'react'
import { categoryIconFor } from './category-icons'
import { IconBadge } from './icon-badge'

type CategoryIconProps = {
  /** One of the 20 icon names (category-icons.ts); an unknown one shows a tag. */
  icon: string | null | undefined
  color?: string | null
  /** Diameter of the round badge, in Chakra size tokens. */
  size?: string
}

/** A category's icon on a round badge tinted with its colour. */
export function CategoryIcon({ icon, color, size = '10' }: CategoryIconProps) {
  return (
    <IconBadge tint={color || '#9E9E9E'} size={size}>
      {createElement(categoryIconFor(icon))}
    </IconBadge>
  )
}
