import { Box, Icon } from '@chakra-ui/react'
import { ArrowLeftRight } from 'lucide-react'
import { CategoryIcon } from '@/components/category-icon'

/** The server's icon for a transfer template and for the 'Transfers' line (no category). */
const TRANSFER_ICON = 'arrow-left-right'
const TRANSFER_COLOR = '#2563eb'

type FlowIconProps = { icon: string; color?: string | null; size?: string }

/** A category's icon, or the transfer arrows for the server's 'arrow-left-right'. */
export function FlowIcon({ icon, color, size = '8' }: FlowIconProps) {
  if (icon !== TRANSFER_ICON) return <CategoryIcon icon={icon} color={color} size={size} />
  return (
    <Box
      flexShrink={0}
      boxSize={size}
      rounded="full"
      display="flex"
      alignItems="center"
      justifyContent="center"
      style={{ backgroundColor: `${TRANSFER_COLOR}22`, color: TRANSFER_COLOR }}
      aria-hidden="true"
    >
      <Icon asChild boxSize="55%">
        <ArrowLeftRight />
      </Icon>
    </Box>
  )
}
