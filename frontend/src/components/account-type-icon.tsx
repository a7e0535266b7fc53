import { Box, Icon } from '@chakra-ui/react'
import {
  Banknote,
  CreditCard,
  Landmark,
  type LucideIcon,
  PiggyBank,
  TrendingUp,
  Wallet,
} from 'lucide-react'
import { accountTypePalette } from '@/lib/ledger/account-types'

const ICONS: Record<string, LucideIcon> = {
  current: Landmark,
  savings: PiggyBank,
  credit: CreditCard,
  credit_card: CreditCard,
  cash: Banknote,
  investment: TrendingUp,
  other: Wallet,
}

/** An account type's icon on a square badge in the type's colour. */
export function AccountTypeIcon({ type, size = '10' }: { type: string; size?: string }) {
  const Glyph = ICONS[type] ?? Wallet
  const palette = accountTypePalette(type)
  return (
    <Box
      flexShrink={0}
      boxSize={size}
      rounded="md"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg={`${palette}.subtle`}
      color={`${palette}.fg`}
      aria-hidden="true"
    >
      <Icon asChild boxSize="55%">
        <Glyph />
      </Icon>
    </Box>
  )
}
