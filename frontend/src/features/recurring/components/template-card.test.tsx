import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import type { RecurringTemplate } from '../api/types'
import { makeTemplate, makeTransferTemplate } from '../lib/test-fixtures'
import { TemplateCard } from './template-card'

const TODAY = '2026-07-10'

function renderCard(template: RecurringTemplate) {
  return renderWithProviders(<TemplateCard template={template} today={TODAY} onAction={vi.fn()} />)
}

const card = () => screen.getByTestId('template-card')

describe('TemplateCard', () => {
  it('shows the frequency icon, description, details, signed amount, due chip and next due day', async () => {
    renderCard(makeTemplate({ nextDue: '2026-07-15' }))
    expect(await within(card()).findByRole('img', { name: 'Monthly' })).toBeInTheDocument()
    expect(within(card()).getByRole('heading', { name: 'Netflix' })).toBeInTheDocument()
    expect(card()).toHaveTextContent('Monthly · Subscriptions · Everyday Current')
    expect(within(card()).getByTestId('template-amount')).toHaveTextContent('-£12.99')
    const chip = within(card()).getByTestId('due-chip')
    expect(chip).toHaveTextContent('Due in 5 days')
    expect(chip).toHaveAttribute('data-tone', 'info')
    expect(within(card()).getByTestId('template-next-due')).toHaveTextContent('Next due 15/07/2026')
    expect(card()).not.toHaveAttribute('data-overdue')
    expect(within(card()).queryByText('PAUSED')).not.toBeInTheDocument()
  })

  it.each([
    ['2026-07-08', '2 days overdue', 'error', 'Overdue'],
    ['2026-07-10', 'Due today', 'warning', 'Due now'],
    ['2026-07-11', 'Due tomorrow', 'warning', null],
    ['2026-07-13', 'Due in 3 days', 'warning', null],
    ['2026-07-25', 'Due in 15 days', 'success', null],
  ])('next due %s: %s in %s, indicator %s', async (nextDue, text, tone, indicator) => {
    renderCard(makeTemplate({ nextDue }))
    const chip = await within(card()).findByTestId('due-chip')
    expect(chip).toHaveTextContent(text)
    expect(chip).toHaveAttribute('data-tone', tone)
    if (indicator) {
      expect(card()).toHaveAttribute('data-overdue', 'true')
      expect(within(card()).getByRole('img', { name: indicator })).toBeInTheDocument()
    } else {
      expect(within(card()).queryByTestId('overdue-indicator')).not.toBeInTheDocument()
    }
  })

  it('marks a paused template PAUSED and greys its text instead of fading it, with no overdue mark', async () => {
    renderCard(makeTemplate({ isActive: false, nextDue: '2026-07-01' }))
    expect(await within(card()).findByText('PAUSED')).toBeInTheDocument()
    expect(card()).toHaveAttribute('data-paused', 'true')
    expect(card()).not.toHaveAttribute('data-overdue')
    const dimmed = card().querySelectorAll('[data-dimmed]')
    expect(dimmed.length).toBeGreaterThan(0)
    expect(within(card()).getByTestId('template-amount').closest('[data-dimmed]')).not.toBeNull()
    // Only the decorative frequency icon is faded.
    expect(within(card()).getByText('PAUSED').closest('[data-dimmed]')).toBeNull()
  })

  it('shows income in green with a plus, and a transfer unsigned between its accounts', async () => {
    const { unmount } = renderCard(makeTemplate({ amount: 2500, type: 'income' }))
    expect(await within(card()).findByTestId('template-amount')).toHaveTextContent('+£2,500.00')
    unmount()
    renderCard(makeTransferTemplate({ frequency: 'weekly' }))
    expect(await within(card()).findByTestId('template-amount')).toHaveTextContent(/^£200\.00$/)
    expect(card()).toHaveTextContent('Weekly · Everyday Current → Rainy Day')
    expect(within(card()).getByRole('img', { name: 'Weekly' })).toBeInTheDocument()
  })

  it('offers Edit Template, Process Now, Deactivate and Delete Template', async () => {
    const { user } = renderCard(makeTemplate())
    await user.click(screen.getByRole('button', { name: 'Actions for Netflix' }))
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Edit Template', 'Process Now', 'Deactivate', 'Delete Template'])
  })
})
