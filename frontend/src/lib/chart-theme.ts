import { useChakraContext } from '@chakra-ui/react'
import type { LineSeries, LineSvgProps } from '@nivo/line'
import { useMemo } from 'react'
import { type ColorMode, resolveTokenColor, useColorMode } from './color-mode'

/** nivo's `theme` prop (the same type for every nivo chart). */
export type ChartTheme = NonNullable<LineSvgProps<LineSeries>['theme']>

export type ChartColors = {
  /** Axis ticks and legends: secondary text. */
  text: string
  /** Grid and axis lines. */
  line: string
  /** The card the chart sits on: hollow points and arc borders. */
  surface: string
  /** Tooltip text and background. */
  tooltipText: string
  tooltipBg: string
}

/**
 * The chart colours for a mode, read from the app's semantic tokens (so they pass the same AA
 * checks as the rest of the app) as hex: nivo sets some of them as SVG attributes, where CSS
 * variables are not reliable.
 */
export function chartColors(system: ReturnType<typeof useChakraContext>, mode: ColorMode): ChartColors {
  const color = (token: string) => resolveTokenColor(system, token, mode)
  return {
    text: color('fg.muted'),
    line: color('border'),
    surface: color('bg'),
    tooltipText: color('fg'),
    tooltipBg: color('bg.panel'),
  }
}

export function chartTheme(c: ChartColors): ChartTheme {
  const text = { fill: c.text, fontSize: 12 }
  return {
    background: 'transparent',
    text,
    axis: {
      domain: { line: { stroke: c.line, strokeWidth: 1 } },
      ticks: { line: { stroke: c.line, strokeWidth: 1 }, text },
      legend: { text },
    },
    grid: { line: { stroke: c.line, strokeWidth: 1 } },
    crosshair: { line: { stroke: c.text, strokeWidth: 1, strokeOpacity: 0.6 } },
    legends: { text },
    labels: { text },
    tooltip: { container: { background: c.tooltipBg, color: c.tooltipText, fontSize: 13 } },
  }
}

/** The nivo theme and colours for the colour mode in effect; charts re-render when it changes. */
export function useChartTheme(): { theme: ChartTheme; colors: ChartColors } {
  const system = useChakraContext()
  const { mode } = useColorMode()
  return useMemo(() => {
    const colors = chartColors(system, mode)
    return { theme: chartTheme(colors), colors }
  }, [system, mode])
}
