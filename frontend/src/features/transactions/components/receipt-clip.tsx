import { Box, type BoxProps } from '@chakra-ui/react'
import { Paperclip } from 'lucide-react'

export const HAS_RECEIPTS = 'Has receipts'

/** On a row of the transactions list whose transaction carries receipts. */
export function ReceiptClip({ count, ...props }: BoxProps & { count: number | undefined }) {
  if (!count) return null
  return (
    <Box
      as="span"
      role="img"
      aria-label={HAS_RECEIPTS}
      title={count === 1 ? '1 receipt' : `${count} receipts`}
      display="inline-flex"
      alignItems="center"
      color="fg.muted"
      verticalAlign="middle"
      {...props}
    >
      <Paperclip size={14} aria-hidden="true" />
    </Box>
  )
}
