import { Badge, type BadgeProps } from '@chakra-ui/react'

export const PENDING = 'Pending'
export const PENDING_HINT = 'Not booked by the bank yet: it may still change or drop out'

/** On a row the bank has not booked yet (a linked bank's pending payment): its next sync may change it or drop it. */
export function PendingBadge(props: BadgeProps) {
  return (
    <Badge colorPalette="gray" variant="outline" whiteSpace="nowrap" title={PENDING_HINT} {...props}>
      {PENDING}
    </Badge>
  )
}
