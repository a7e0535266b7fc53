import { ArrowLeftRight } from 'lucide-react'
import { CategoryIcon } from '@/components/category-icon'
import { IconBadge } from '@/components/icon-badge'

/** The server's icon for a transfer template and for the 'Transfers' line (no category). */
const TRANSFER_ICON = 'arrow-left-right'
const TRANSFER_COLOR = '#2563eb'

type FlowIconProps = { icon: string; color?: string | null; size?: string }

/** A category's icon, or the transfer arrows for the server's 'arrow-left-right'. */
export function FlowIcon({ icon, color, size = '8' }: FlowIconProps) {
  if (icon !== TRANSFER_ICON) return <CategoryIcon icon={icon} color={color} size={size} />
  return (
    <IconBadge tint={TRANSFER_COLOR} size={size}>
      <ArrowLeftRight />
    </IconBadge>
  )
}
