import { afterEach, describe, expect, it, vi } from 'vitest'
import { toaster } from './notify'
import { notifyAndClose } from './notify-and-close'

afterEach(() => vi.restoreAllMocks())

describe('notifyAndClose', () => {
  it('shows the message as a success notice, then closes', () => {
    const create = vi.spyOn(toaster, 'create')
    const close = vi.fn()
    notifyAndClose(close)('Goal created successfully')
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ title: 'Goal created successfully', type: 'success' }))
    expect(close).toHaveBeenCalledTimes(1)
  })
})
