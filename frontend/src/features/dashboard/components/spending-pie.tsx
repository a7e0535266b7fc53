import { Box, HStack, Text } from '@chakra-ui/react'
import { Pie } from '@nivo/pie'
import { type RefObject, startTransition, useEffect, useRef, useState } from 'react'
import { useChartTheme } from '@/lib/chart-theme'
import { formatMoney } from '@/lib/format'
import type { PieSlice } from '../lib/figures'

type SpendingPieProps = {
  slices: PieSlice[]
  /** For the chart's accessible name. */
  label: string
}

type Size = { width: number; height: number }

/**
 * The box's size, from a ResizeObserver: it reports after the browser's own layout, where nivo's
 * ResponsivePie reads offsetWidth on mount (a forced layout of the whole page) and re-renders the
 * chart synchronously inside React's commit. The chart renders at transition priority, in slices.
 */
function useBoxSize(ref: RefObject<HTMLDivElement | null>): Size | null {
  const [size, setSize] = useState<Size | null>(null)
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect
      startTransition(() =>
        setSize((was) => (was && was.width === width && was.height === height ? was : { width, height })),
      )
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [ref])
  return size
}

/** The nivo doughnut of the Spending by Category card; loaded lazily with nivo. */
export default function SpendingPie({ slices, label }: SpendingPieProps) {
  const { theme } = useChartTheme()
  const box = useRef<HTMLDivElement>(null)
  const size = useBoxSize(box)
  return (
    <Box ref={box} h={{ base: '240px', md: '300px' }} role="img" aria-label={label}>
      {size && size.width > 0 ? <Chart slices={slices} size={size} theme={theme} /> : null}
    </Box>
  )
}

type ChartProps = { slices: PieSlice[]; size: Size; theme: ReturnType<typeof useChartTheme>['theme'] }

function Chart({ slices, size, theme }: ChartProps) {
  return (
    <Pie<PieSlice>
      width={size.width}
      height={size.height}
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
  )
}
