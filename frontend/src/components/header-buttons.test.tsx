import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { AnalyticsLinkButton, FinaliseMonthButton } from './header-buttons'

describe('AnalyticsLinkButton', () => {
  it("leads to the screen's analytics", async () => {
    renderWithProviders(<AnalyticsLinkButton to="/budgets/analytics" />)
    expect(await screen.findByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/budgets/analytics')
  })
})

describe('FinaliseMonthButton', () => {
  it('calls back when pressed', async () => {
    const onClick = vi.fn()
    const { user } = renderWithProviders(<FinaliseMonthButton onClick={onClick} />)
    await user.click(await screen.findByRole('button', { name: 'Finalise Month' }))
    expect(onClick).toHaveBeenCalledOnce()
  })

  it('says Finalising... and takes no press while the month is being finalised', async () => {
    renderWithProviders(<FinaliseMonthButton onClick={vi.fn()} loading />)
    const button = await screen.findByRole('button', { name: /Finalising/ })
    expect(button).toBeDisabled()
  })

  it('can be disabled', async () => {
    renderWithProviders(<FinaliseMonthButton onClick={vi.fn()} disabled />)
    expect(await screen.findByRole('button', { name: 'Finalise Month' })).toBeDisabled()
  })
})
