import { useEffect, useState } from 'react'
import { whenIdle } from './when-idle'

/** The longest a part waiting for an idle moment waits for one after its paint. */
const IDLE_PATIENCE_MS = 300

let shown = false
const listeners = new Set<() => void>()

/** Calls `then` at the browser's next idle moment, or after IDLE_PATIENCE_MS at most. */
const afterIdle = (then: () => void) => whenIdle(then, { within: IDLE_PATIENCE_MS, otherwiseAfter: 0 })

/** Calls `then` once the browser has painted the frame now being made (a task after its frame). */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(then, 0)
    return () => clearTimeout(timer)
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** The parts waiting for their turn (`oneAtATime`), in the order they asked. */
const turns: (() => void)[] = []
let turning = false

/**
 * Lets the parts that wait for a screen's first paint in one at a time: one at the browser's next
 * idle moment, the next once that one has rendered and painted, and so on. Let in together, the
 * dashboard's chart, overview, goals and activity rendered and were put on the page in one task
 * of about 100 ms on this machine; one at a time, each is a short task, and a tap between them is
 * answered at once. Returns what takes the part out of the queue.
 */
function oneAtATime(then: () => void): () => void {
  turns.push(then)
  if (!turning) nextTurn()
  return () => {
    const at = turns.indexOf(then)
    if (at >= 0) turns.splice(at, 1)
  }
}

function nextTurn() {
  turning = true
  afterIdle(() => {
    turns.shift()?.()
    if (turns.length > 0) afterNextPaint(nextTurn)
    else turning = false
  })
}

/** Something to wait for: calls `then` when it comes, and returns what cancels the wait. */
type Wait = (then: () => void) => () => void

/** Waits for `first`, then for `second`; cancelling stops whichever is under way. */
function inTurn(first: Wait, second: Wait): Wait {
  return (then) => {
    let cancelSecond = () => {}
    const cancelFirst = first(() => {
      cancelSecond = second(then)
    })
    return () => {
      cancelFirst()
      cancelSecond()
    }
  }
}

/** False until `wait` has come, from the calling component's mount, then true. */
function useOnceWaited(wait: Wait): boolean {
  const [came, setCame] = useState(false)
  useEffect(() => wait(() => setCame(true)), [wait])
  return came
}

/**
 * Says that the first screen of this visit has painted its content (lazy-screen.tsx calls it for
 * every screen that is not a layout, main.tsx after a few seconds whatever happens). Work that the
 * first screen does not show waits for it, so that on a phone's connection it does not queue
 * ahead of the screen's own code and data (docs/performance.md, issue 36). While a part of the
 * screen holds it back (`useFirstScreenWaitsFor`: the dashboard's figures, until they come), the
 * mark waits for that part, unless `evenIfHeld` (main.tsx's patience running out).
 */
export function markFirstScreenShown({ evenIfHeld = false }: { evenIfHeld?: boolean } = {}): void {
  if (shown) return
  if (holds > 0 && !evenIfHeld) {
    markWanted = true
    return
  }
  shown = true
  for (const listener of [...listeners]) listener()
  listeners.clear()
}

/** The parts of the first screen holding its mark back, and whether the screen has asked for it. */
let holds = 0
let markWanted = false

/**
 * Holds the first screen's mark back while `pending`: for the part of a screen that is its
 * content, when that comes with its data (the dashboard's figures), so that what waits for the
 * first screen (the cards below the fold, menus, the session's sync) is not fetched ahead of it.
 * Once the part has rendered its content, the mark comes after that frame's paint. After the
 * first screen, or when not pending, it does nothing.
 */
export function useFirstScreenWaitsFor(pending: boolean): void {
  useEffect(() => {
    if (!pending || shown) return
    holds += 1
    return () => {
      holds -= 1
      if (holds === 0 && markWanted) afterNextPaint(() => markFirstScreenShown())
    }
  }, [pending])
}

/** Runs `work` once the first screen has painted (at once if it has); returns what cancels it. */
export function afterFirstScreen(work: () => void): () => void {
  if (shown) {
    work()
    return () => {}
  }
  listeners.add(work)
  return () => listeners.delete(work)
}

/**
 * Runs `work` once the first screen has painted and the browser is then idle (see `whenIdle`): for
 * code fetched ahead of need (menus, the Toaster, the service worker), which would otherwise be
 * fetched while the first screen still waits for its own, as the browser is idle then too.
 * Returns what cancels it.
 */
export function whenIdleAfterFirstScreen(work: () => void): () => void {
  return afterFirstScreenThenWhenIdle(work)
}

/**
 * False until the first screen has painted and the browser has then had an idle moment (a frame
 * presented takes a little longer than the task that painted it), then true.
 */
export function useAfterFirstScreen(): boolean {
  return useOnceWaited(afterFirstScreenThenIdle)
}

/** Marks the first screen shown after the frame that the calling component commits has painted. */
export function useMarkFirstScreenShown(): void {
  useEffect(() => (shown ? undefined : afterNextPaint(markFirstScreenShown)), [])
}

/**
 * False for a component's first render and true once that render has painted, the visit's first
 * screen has shown (at once after it) and it is the component's turn (see `oneAtATime`): for
 * parts of a screen below its first view (charts, further cards), whose code and data then do not
 * hold up the first paint, nor the first screen's content.
 */
export function useAfterFirstPaint(): boolean {
  return useOnceWaited(afterPaintThenIdle)
}

const afterFirstScreenThenIdle = inTurn(afterFirstScreen, afterIdle)
const afterPaintThenIdle = inTurn(afterFirstScreen, inTurn(afterNextPaint, oneAtATime))
const afterFirstScreenThenWhenIdle = inTurn(afterFirstScreen, whenIdle)

/** For tests: as at the start of a visit. */
export function resetFirstScreenForTests(): void {
  shown = false
  listeners.clear()
  holds = 0
  markWanted = false
  turns.length = 0
  turning = false
}
