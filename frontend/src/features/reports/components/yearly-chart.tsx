import { Box, HStack, Text } from '@chakra-ui/react'
import { ResponsiveBar } from '@nivo/bar'
import { ChartDataTable } from '@/components/chart-data-table'
import { useChartTheme } from '@/lib/chart-theme'
import { formatMoney } from '@/lib/format'
import type { YearBar } from '../lib/figures'

const COLORS: Record<string, string> = { Income: '#16a34a', Expenses: '#dc2626' }

/** '£1.2K' for an axis tick given in pence. */
function compactPounds(pence: number): string {
  return `£${new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 }).format(pence / 100)}`
}

type YearlyChartProps = { bars: YearBar[]; label: string; compact: boolean }

/** Income against expenses for each month of a year; loaded lazily with nivo. */
export default function YearlyChart({ bars, label, compact }: YearlyChartProps) {
  const { theme } = useChartTheme()
  return (
    <>
      <Box h={{ base: '260px', md: '320px' }} role="img" aria-label={label}>
        <ResponsiveBar<YearBar>
          data={bars}
          theme={theme}
          keys={['Income', 'Expenses']}
          indexBy="month"
          groupMode="grouped"
          margin={{ top: 10, right: 8, bottom: 28, left: compact ? 44 : 64 }}
          padding={compact ? 0.2 : 0.3}
          innerPadding={1}
          colors={({ id }) => COLORS[String(id)] ?? '#888'}
          borderRadius={2}
          enableLabel={false}
          enableGridY
          axisBottom={{ tickSize: 0, tickPadding: 8, format: (m: string) => (compact ? m.slice(0, 1) : m) }}
          axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 5, format: (v: number) => compactPounds(v) }}
          valueFormat={(v) => formatMoney(v)}
          tooltip={({ id, value, indexValue, color }) => (
            <Box bg="bg.panel" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md">
              <HStack gap="2">
                <Box boxSize="3" rounded="full" style={{ backgroundColor: color }} />
                <Text fontSize="sm" fontWeight="semibold">
                  {id} · {indexValue}
                </Text>
              </HStack>
              <Text fontSize="sm">{formatMoney(value)}</Text>
            </Box>
          )}
          role="presentation"
          animate={false}
        />
      </Box>
      <ChartDataTable
        caption={label}
        columns={['Month', 'Income', 'Expenses']}
        rows={bars.map((b) => [b.month, formatMoney(b.Income), formatMoney(b.Expenses)])}
      />
    </>
  )
}
