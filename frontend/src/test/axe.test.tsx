import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { expectNoAriaViolations } from './axe'

describe('expectNoAriaViolations', () => {
  it('passes a labelled status', async () => {
    const { container } = render(<div role="status" aria-label="Loading accounts" />)
    await expectNoAriaViolations(container)
  })

  it('fails a label on an element with no role, which screen readers ignore', async () => {
    const { container } = render(<div aria-label="Loading accounts" />)
    await expect(expectNoAriaViolations(container)).rejects.toThrow(/aria-prohibited-attr/)
  })
})
