import { Text, type TextProps } from '@chakra-ui/react'
import { formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'

type AmountTextProps = TextProps & {
  /** Signed pounds from the wire. */
  amount: number
}

/** A signed amount: '+£12.50' in green, '-£12.50' in red. */
export function AmountText({ amount, ...props }: AmountTextProps) {
  const pence = toPence(amount)
  return (
    <Text
      as="span"
      fontWeight="semibold"
      whiteSpace="nowrap"
      fontVariantNumeric="tabular-nums"
      color={pence < 0 ? 'fg.error' : 'fg.success'}
      {...props}
    >
      {formatSignedMoney(pence)}
    </Text>
  )
}
