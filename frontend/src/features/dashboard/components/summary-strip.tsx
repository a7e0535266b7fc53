import { Box, Flex } from '@chakra-ui/react'
import { ArrowDownRight, ArrowUpRight, Receipt, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import { SummaryTile } from '@/components/summary-tile'
import { formatMoney } from '@/lib/format'
import type { MonthFigures } from '../lib/figures'

type SummaryStripProps = {
  figures: MonthFigures | undefined
  /** Pence; undefined while the accounts load. */
  netWorthPence: number | undefined
}

const PLACEHOLDER = '—'

function Slot({ children }: { children: ReactNode }) {
  return (
    <Box flex={{ base: '0 0 auto', md: '1 1 0' }} minW={{ base: '40%', md: '0' }} scrollSnapAlign="start">
      {children}
    </Box>
  )
}

/**
 * The four tiles: Total Income, Total Expenses, Net Worth, Transactions. On
 * narrow screens they form one strip that scrolls sideways.
 */
export function SummaryStrip({ figures, netWorthPence }: SummaryStripProps) {
  return (
    <Flex
      as="section"
      aria-label="This month at a glance"
      gap={{ base: '2', md: '4' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      scrollSnapType="x mandatory"
      mx={{ base: '-4', md: '0' }}
      px={{ base: '4', md: '0' }}
      pb={{ base: '1', md: '0' }}
    >
      <Slot>
        <SummaryTile
          label="Total Income"
          icon={ArrowUpRight}
          palette="green"
          color="fg.success"
          value={figures ? formatMoney(figures.incomePence) : PLACEHOLDER}
        />
      </Slot>
      <Slot>
        <SummaryTile
          label="Total Expenses"
          icon={ArrowDownRight}
          palette="red"
          color="fg.error"
          value={figures ? formatMoney(figures.expensesPence) : PLACEHOLDER}
        />
      </Slot>
      <Slot>
        <SummaryTile
          label="Net Worth"
          icon={Wallet}
          palette="teal"
          color={netWorthPence !== undefined && netWorthPence < 0 ? 'fg.error' : undefined}
          value={netWorthPence !== undefined ? formatMoney(netWorthPence) : PLACEHOLDER}
        />
      </Slot>
      <Slot>
        <SummaryTile
          label="Transactions"
          icon={Receipt}
          palette="blue"
          value={figures ? String(figures.count) : PLACEHOLDER}
        />
      </Slot>
    </Flex>
  )
}
