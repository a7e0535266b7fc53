import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { expectReadOnly, MEMBER, READ_ONLY, VIEWER } from '@/test/household-handlers'
import { renderWithProviders } from '@/test/render'
import { server } from '@/test/server'
import { makeContribution, makeGoal } from '../lib/test-fixtures'
import { GoalsPage } from './goals-page'
import { serveGoals, wideScreenMatchMedia } from './test-handlers'

const holiday = makeGoal()

function serve() {
  server.use(...serveGoals({ goals: [holiday], contributions: { [holiday._id]: [makeContribution()] } }).handlers)
}

afterEach(() => vi.restoreAllMocks())

describe('GoalsPage for a viewer', () => {
  it('disables adding goals and contributions, the goal’s actions and deleting a contribution, saying why', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    serve()
    const { user } = renderWithProviders(<GoalsPage today={() => '2026-07-10'} />, '/goals', { household: VIEWER })
    await screen.findByRole('group', { name: 'Holiday goal' })
    expect(screen.getByTestId('read-only-hint')).toHaveTextContent(READ_ONLY)
    for (const name of ['Add New Goal', 'Add Contribution', 'Actions for Holiday']) {
      expectReadOnly(screen.getByRole('button', { name }))
    }
    // Reading the contributions is not a change; deleting one is.
    await user.click(screen.getByRole('button', { name: /Contributions/ }))
    expectReadOnly(await screen.findByRole('button', { name: /^Delete contribution/ }))
  })

  it('disables the phone’s floating Add New Goal', async () => {
    serve()
    renderWithProviders(<GoalsPage today={() => '2026-07-10'} />, '/goals', { household: VIEWER })
    await screen.findByRole('group', { name: 'Holiday goal' })
    expectReadOnly(screen.getByRole('button', { name: 'Add New Goal' }))
  })

  it('leaves a member every action', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    serve()
    renderWithProviders(<GoalsPage today={() => '2026-07-10'} />, '/goals', { household: MEMBER })
    await screen.findByRole('group', { name: 'Holiday goal' })
    for (const name of ['Add New Goal', 'Add Contribution', 'Actions for Holiday']) {
      expect(screen.getByRole('button', { name })).toBeEnabled()
    }
    expect(screen.queryByTestId('read-only-hint')).not.toBeInTheDocument()
  })
})
