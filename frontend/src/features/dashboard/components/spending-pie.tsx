import { Box, HStack, Text } from '@chakra-ui/react'
import { ResponsivePie } from '@nivo/pie'
import { useChartTheme } from '@/lib/chart-theme'
import { formatMoney } from '@/lib/format'
import type { PieSlice } from '../lib/figures'

type SpendingPieProps = {
  slices: PieSlice[]
  /** For the chart's accessible name. */
  label: string
}

/** The nivo doughnut of the Spending by Category card; loaded lazily with nivo. */
export default function SpendingPie({ slices, label }: SpendingPieProps) {
  const { theme } = useChartTheme()
  return (
    <Box h={{ base: '240px', md: '300px' }} role="img" aria-label={label}>
      <ResponsivePie<PieSlice>
        data={slices}
        theme={theme}
        colors={{ datum: 'data.color' }}
        margin={{ top: 16, right: 16, bottom: 16, left: 16 }}
        innerRadius={0.58}
        padAngle={1}
        cornerRadius={3}
        activeOuterRadiusOffset={6}
        borderWidth={1}
        borderColor={{ from: 'color', modifiers: [['darker', 0.3]] }}
        enableArcLinkLabels={false}
        arcLabelsSkipAngle={18}
        arcLabel={(d) => d.data.percent}
        arcLabelsTextColor="#ffffff"
        role="presentation"
        valueFormat={(v) => formatMoney(v)}
        tooltip={({ datum }) => (
          <Box bg="bg.panel" borderWidth="1px" borderRadius="md" px="3" py="2" boxShadow="md">
            <HStack gap="2">
              <Box boxSize="3" rounded="full" flexShrink={0} style={{ backgroundColor: datum.color }} />
              <Text fontWeight="semibold" fontSize="sm">
                {datum.label}
              </Text>
            </HStack>
            <Text fontSize="sm">
              {formatMoney(datum.value)} ({datum.data.percent})
            </Text>
          </Box>
        )}
      />
    </Box>
  )
}
