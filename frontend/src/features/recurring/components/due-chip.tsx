import { Badge } from '@chakra-ui/react'
import { DUE_TONE_PALETTE, type DueStatus } from '../lib/due-status'

/** 'Due in 5 days' and the like, in the tone's colour. */
export function DueChip({ status }: { status: DueStatus }) {
  return (
    <Badge
      colorPalette={DUE_TONE_PALETTE[status.tone]}
      variant="subtle"
      flexShrink={0}
      data-testid="due-chip"
      data-tone={status.tone}
    >
      {status.text}
    </Badge>
  )
}
