import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { defaultCategories } from '@/test/fixtures'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { Budget } from '../api/types'
import { makeBudget } from '../lib/test-fixtures'
import { BudgetsPage } from './budgets-page'

const monthInfo = { month: 6, year: 2026, monthName: 'June', startDate: '2026-06-01', endDate: '2026-06-30' }

function serve(budgets: Budget[] = [makeBudget()]) {
  server.use(
    http.get(apiUrl('/budgets'), () => HttpResponse.json({ success: true, data: { budgets, monthInfo } })),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: defaultCategories })),
  )
}

describe('BudgetsPage for a viewer', () => {
  it('disables Add Budget, Finalise Month, and each budget’s Edit and Remove, saying why', async () => {
    serve()
    renderWithProviders(<BudgetsPage canFinaliseMonth />, '/budgets', { household: VIEWER })
    await screen.findByRole('button', { name: /Edit Budget/ })
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    for (const name of ['Add Budget', 'Finalise Month', 'Edit Budget', 'Remove Budget']) {
      expectReadOnly(screen.getByRole('button', { name }))
    }
    // Reading on is not a change.
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/budgets/analytics')
  })

  it('disables the first budget’s button too', async () => {
    serve([])
    renderWithProviders(<BudgetsPage canFinaliseMonth={false} />, '/budgets', { household: VIEWER })
    expectReadOnly(await screen.findByRole('button', { name: 'Add Budget' }))
  })

  it('leaves a member every action', async () => {
    serve()
    renderWithProviders(<BudgetsPage canFinaliseMonth />, '/budgets', { household: MEMBER })
    expect(await screen.findByRole('button', { name: 'Edit Budget' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Finalise Month' })).toBeEnabled()
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
  })
})
