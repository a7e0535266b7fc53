import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import './zod-config'

describe('zod-config', () => {
  it('turns on jitless for zod, whichever was loaded first', () => {
    expect(z.config().jitless).toBe(true)
  })
})
