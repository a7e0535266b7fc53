import { screen } from '@testing-library/react'
import { ArrowLeftRight } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { CategoryIcon } from './category-icon'
import { IconBadge } from './icon-badge'

describe('IconBadge', () => {
  it('draws the glyph in the tint on a faint disc of it, hidden from assistive tech', () => {
    renderWithProviders(
      <IconBadge tint="#2563eb" size="8">
        <ArrowLeftRight data-testid="glyph" />
      </IconBadge>,
    )
    const badge = screen.getByTestId('glyph').parentElement!
    expect(badge).toHaveAttribute('aria-hidden', 'true')
    expect(badge).toHaveStyle({ backgroundColor: '#2563eb22', color: '#2563eb' })
  })
})

describe('CategoryIcon', () => {
  it("tints the badge with the category's colour", () => {
    const { container } = renderWithProviders(<CategoryIcon icon="shopping-cart" color="#e91e63" />)
    expect(container.querySelector('[aria-hidden="true"]')).toHaveStyle({ color: '#e91e63' })
  })

  it('falls back to grey without a colour', () => {
    const { container } = renderWithProviders(<CategoryIcon icon={null} />)
    const badge = container.querySelector('[aria-hidden="true"]')
    expect(badge).toHaveStyle({ color: '#9E9E9E' })
    expect(badge?.querySelector('svg')).not.toBeNull()
  })
})
