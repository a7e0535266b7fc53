import { Box, HStack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatMoney } from '@/lib/format'
import type { PieSlice } from '../lib/figures'
import { doughnutArcs, type DoughnutArc } from '../lib/doughnut'

type SpendingPieProps = {
  slices: PieSlice[]
  /** For the chart's accessible name. */
  label: string
}

/** The drawing's frame: a square of 200 units around the centre, scaled to the box's height. */
const OUTER = 92
const INNER = OUTER * 0.58
/** How far the slice under the pointer stands out. */
const ACTIVE_OFFSET = 6
/** Slices narrower than this carry no percentage (it would not fit). */
const LABEL_MIN_DEGREES = 18

/**
 * The doughnut of the Spending by Category card, drawn as plain SVG: the first chart of the
 * first screen, where nivo's first render was the page's one long task on a phone (issue 36,
 * docs/performance.md). The legend beside it lists every figure; the drawing is one image with a
 * name, and a slice under the pointer (or a finger) stands out and shows its amount.
 */
export default function SpendingPie({ slices, label }: SpendingPieProps) {
  const [active, setActive] = useState<string | null>(null)
  const arcs = doughnutArcs(slices, { outer: OUTER, inner: INNER, padDegrees: 1 })
  const shown = arcs.find((a) => a.slice.id === active)
  return (
    <Box position="relative" h={{ base: '240px', md: '300px' }} role="img" aria-label={label}>
      <svg
        viewBox="-100 -100 200 200"
        width="100%"
        height="100%"
        aria-hidden="true"
        onPointerLeave={() => setActive(null)}
      >
        {arcs.map((arc) => (
          <Slice key={arc.slice.id} arc={arc} active={arc.slice.id === active} onActive={setActive} />
        ))}
      </svg>
      {shown ? <Tooltip slice={shown.slice} /> : null}
    </Box>
  )
}

function Slice({ arc, active, onActive }: { arc: DoughnutArc; active: boolean; onActive: (id: string) => void }) {
  const { slice } = arc
  return (
    <g onPointerEnter={() => onActive(slice.id)} onPointerDown={() => onActive(slice.id)}>
      <path d={active ? arc.activePath(ACTIVE_OFFSET) : arc.path} fill={slice.color} />
      {arc.degrees >= LABEL_MIN_DEGREES ? (
        <text
          x={arc.centroid[0]}
          y={arc.centroid[1]}
          textAnchor="middle"
          dominantBaseline="central"
          fill="#ffffff"
          pointerEvents="none"
          style={{ fontSize: 8.5, fontWeight: 600 }}
        >
          {slice.percent}
        </text>
      ) : null}
    </g>
  )
}

function Tooltip({ slice }: { slice: PieSlice }) {
  return (
    <Box
      position="absolute"
      top="50%"
      left="50%"
      transform="translate(-50%, -50%)"
      pointerEvents="none"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      px="3"
      py="2"
      boxShadow="md"
      maxW="60%"
    >
      <HStack gap="2">
        <Box boxSize="3" rounded="full" flexShrink={0} style={{ backgroundColor: slice.color }} />
        <Text fontWeight="semibold" fontSize="sm" truncate>
          {slice.label}
        </Text>
      </HStack>
      <Text fontSize="sm">
        {formatMoney(slice.value)} ({slice.percent})
      </Text>
    </Box>
  )
}
