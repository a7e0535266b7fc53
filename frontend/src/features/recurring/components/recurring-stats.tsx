import { Button, Dialog, Flex, Heading, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { CircleCheck, Clock, Info, Repeat, TrendingDown, TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { PlainDialog } from '@/components/plain-dialog'
import { SummaryTile } from '@/components/summary-tile'
import { formatMoney } from '@/lib/format'
import type { RecurringStats as Stats } from '../lib/stats'

/** What each tile means, for the info dialog. */
const EXPLANATIONS: { label: string; text: string }[] = [
  {
    label: 'Cash Flow',
    text: 'Money leaving your accounts each month: your active recurring expenses and transfers, with weekly ones counted as 52 a year and yearly ones spread over 12 months.',
  },
  {
    label: 'Bills & Subscriptions',
    text: 'How many regular payments you make: your active recurring expenses, such as rent, council tax and streaming. Income, transfers between your own accounts and paused templates are not counted.',
  },
  { label: 'Overdue', text: 'Active templates due today or earlier that have not been processed yet.' },
  { label: 'Due Soon', text: 'Active templates due in the next 7 days.' },
  { label: 'Active', text: 'Templates that are running. Paused templates make no transactions until you activate them.' },
]

type RecurringStatsProps = {
  /** Null while the templates load. */
  stats: Stats | null
}

/** The stat tiles over the template list, with a dialog saying what they mean. */
export function RecurringStats({ stats }: RecurringStatsProps) {
  const [infoOpen, setInfoOpen] = useState(false)
  const value = (n: number | undefined) => (n === undefined ? '—' : String(n))
  return (
    <Stack gap="3">
      <Flex align="center" gap="1">
        <Heading as="h2" size="md">
          Your Templates
        </Heading>
        <IconButton aria-label="About these figures" variant="ghost" size="sm" onClick={() => setInfoOpen(true)}>
          <Info />
        </IconButton>
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap={{ base: '2', md: '4' }}>
        <SummaryTile
          label="Cash Flow"
          icon={TrendingDown}
          palette="orange"
          value={stats ? formatMoney(stats.monthlyCashFlowPence) : '—'}
          caption="Leaving accounts monthly"
          gridColumn={{ base: 'span 2', md: 'auto' }}
        />
        <SummaryTile label="Bills & Subscriptions" icon={Repeat} value={value(stats?.bills)} />
        <SummaryTile
          label="Overdue"
          icon={TriangleAlert}
          palette="red"
          color={stats && stats.overdue > 0 ? 'fg.error' : undefined}
          value={value(stats?.overdue)}
        />
        <SummaryTile label="Due Soon" icon={Clock} palette="orange" value={value(stats?.dueSoon)} />
        <SummaryTile label="Active" icon={CircleCheck} palette="green" value={value(stats?.active)} />
      </SimpleGrid>

      <PlainDialog
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        title="About these figures"
        size="sm"
        footer={
          <Dialog.ActionTrigger asChild>
            <Button colorPalette="teal">Got it</Button>
          </Dialog.ActionTrigger>
        }
      >
        <Stack as="dl" gap="3">
          {EXPLANATIONS.map((e) => (
            <div key={e.label}>
              <Text as="dt" fontWeight="semibold">
                {e.label}
              </Text>
              <Text as="dd" fontSize="sm" color="fg.muted">
                {e.text}
              </Text>
            </div>
          ))}
        </Stack>
      </PlainDialog>
    </Stack>
  )
}
