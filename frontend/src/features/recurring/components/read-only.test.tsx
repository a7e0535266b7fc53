import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { makeTemplate } from '../lib/test-fixtures'
import { RecurringPage } from './recurring-page'
import { serveRecurring, wideScreenMatchMedia } from './test-handlers'

const page = <RecurringPage canFinaliseMonth today={() => '2026-07-10'} />

afterEach(() => vi.restoreAllMocks())

describe('RecurringPage for a viewer', () => {
  it('disables Add Recurring, Finalise Month and each template’s actions, saying why', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    server.use(...serveRecurring({ templates: [makeTemplate()] }).handlers)
    renderWithProviders(page, '/recurring', { household: VIEWER })
    await screen.findByRole('group', { name: 'Netflix template' })
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    for (const name of ['Add Recurring', 'Finalise Month', 'Actions for Netflix']) {
      expectReadOnly(screen.getByRole('button', { name }))
    }
    // Showing the inactive ones changes nothing.
    expect(screen.getByRole('button', { name: 'Show Inactive' })).toBeEnabled()
  })

  it('disables the phone’s floating add buttons', async () => {
    server.use(...serveRecurring({ templates: [makeTemplate()] }).handlers)
    renderWithProviders(page, '/recurring', { household: VIEWER })
    await screen.findByRole('group', { name: 'Netflix template' })
    expectReadOnly(screen.getByRole('button', { name: 'Add Recurring Transaction' }))
    expectReadOnly(screen.getByRole('button', { name: 'Add Recurring Transfer' }))
  })

  it('leaves a member every action', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    server.use(...serveRecurring({ templates: [makeTemplate()] }).handlers)
    renderWithProviders(page, '/recurring', { household: MEMBER })
    await screen.findByRole('group', { name: 'Netflix template' })
    for (const name of ['Add Recurring', 'Finalise Month', 'Actions for Netflix']) {
      expect(screen.getByRole('button', { name })).toBeEnabled()
    }
  })
})
