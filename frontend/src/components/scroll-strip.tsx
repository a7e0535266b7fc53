import { Flex, type FlexProps } from '@chakra-ui/react'
import { useEffect, useRef, useState } from 'react'
import { fadeMask, stripEdges, type StripEdges } from './scroll-edges'

/**
 * A row that scrolls sideways when its items do not fit (the dashboard's tiles on a phone) and
 * says so: the end hiding more fades out, as does the start once scrolled. The fade is a mask, so
 * it takes no room and moves nothing; `data-more-start`/`data-more-end` name the ends that hide
 * more. On screens where everything fits it is a plain row.
 */
export function ScrollStrip({ children, ...props }: FlexProps) {
  const ref = useRef<HTMLDivElement>(null)
  const [edges, setEdges] = useState<StripEdges>({ start: false, end: false })

  useEffect(() => {
    const el = ref.current
    if (!el) return
    const update = () =>
      setEdges((was) => {
        const now = stripEdges(el)
        return now.start === was.start && now.end === was.end ? was : now
      })
    // Measured in the next frame, where the browser lays the page out anyway, rather than here,
    // which would make it lay out the whole page at once in the middle of React's commit.
    const frame = requestAnimationFrame(update)
    el.addEventListener('scroll', update, { passive: true })
    const observer = new ResizeObserver(update)
    observer.observe(el)
    return () => {
      cancelAnimationFrame(frame)
      el.removeEventListener('scroll', update)
      observer.disconnect()
    }
  }, [])

  const mask = fadeMask(edges)
  return (
    <Flex
      ref={ref}
      overflowX="auto"
      scrollSnapType="x mandatory"
      overscrollBehaviorX="contain"
      data-more-start={edges.start ? '' : undefined}
      data-more-end={edges.end ? '' : undefined}
      css={mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined}
      {...props}
    >
      {children}
    </Flex>
  )
}
