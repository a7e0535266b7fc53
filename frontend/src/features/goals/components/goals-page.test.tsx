import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toaster } from '@/components/notify'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import { makeContribution, makeGoal, makeGoalsSummary } from '../lib/test-fixtures'
import { GoalsPage } from './goals-page'
import { serveGoals, wideScreenMatchMedia } from './test-handlers'
import { highlightMenuItem } from '@/test/menu'

const TODAY = '2026-07-10'
const today = () => TODAY

const holiday = makeGoal({}, { projectedCompletionDate: '2026-08-01', onTrack: true })
const car = makeGoal(
  { _id: 'goal-car', name: 'New Car', category: 'car', icon: 'car', color: '#64748B', targetAmount: 8000, currentAmount: 6400, description: '' },
  { progressPercentage: 80, daysRemaining: 5, savingsSuggestions: [{ period: 'day', label: 'per day', amount: 320 }] },
)
const laptop = makeGoal(
  {
    _id: 'goal-laptop',
    name: 'Laptop',
    category: 'purchase',
    icon: 'laptop',
    color: '#EC4899',
    targetAmount: 1200,
    currentAmount: 1200,
    isCompleted: true,
    completedAt: '2026-06-03',
  },
  { progressPercentage: 100, isCompleted: true, remainingAmount: 0 },
)
const overdue = makeGoal(
  { _id: 'goal-fund', name: 'Rainy Day Fund', category: 'emergency', icon: 'shield', color: '#EF4444' },
  { progressPercentage: 10, isOverdue: true, daysRemaining: 0, daysPassedAfterTarget: 3, savingsSuggestions: [] },
)

function serve(...args: Parameters<typeof serveGoals>) {
  const { state, handlers } = serveGoals(...args)
  server.use(...handlers)
  return state
}

function renderPage(path = '/goals') {
  return renderWithProviders(<GoalsPage today={today} />, path)
}

type UserEventApi = ReturnType<typeof renderPage>['user']

const cardOf = (name: string) => screen.getByRole('group', { name: `${name} goal` })

/** Opens a goal's menu and picks an entry with the keyboard (as the recurring page tests do). */
async function chooseAction(user: UserEventApi, name: string, item: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }))
  const entry = await screen.findByRole('menuitem', { name: item })
  await highlightMenuItem(user, entry)
  expect(entry).toHaveAttribute('data-highlighted')
  await user.keyboard('{Enter}')
}

beforeEach(() => toaster.remove())
afterEach(() => vi.restoreAllMocks())

describe('GoalsPage', () => {
  it('shows the title, the summary and a card per served goal', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(wideScreenMatchMedia)
    const state = serve({ goals: [holiday, car, laptop, overdue] })
    renderPage()
    expect(screen.getByRole('heading', { name: 'Financial Goals', level: 1 })).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe('Financial Goals · MySpending'))
    expect(screen.getByRole('button', { name: 'Add New Goal' })).toBeInTheDocument()

    expect(await screen.findByTestId('tile-Total Goals')).toHaveTextContent('3')
    expect(screen.getByTestId('tile-Active')).toHaveTextContent('2')
    expect(screen.getByTestId('tile-Completed')).toHaveTextContent('1')
    expect(screen.getByTestId('tile-Overall Progress')).toHaveTextContent('24.0%')
    expect(screen.getByTestId('tile-Total Saved')).toHaveTextContent('£1,200.00')
    expect(screen.getByText('of £5,000.00')).toBeInTheDocument()

    await screen.findByRole('group', { name: 'Holiday goal' })
    expect(screen.getAllByTestId('goal-card')).toHaveLength(4)
    expect(state.listQueries).toEqual(['?sort=newest'])

    const h = cardOf('Holiday')
    expect(within(h).getByRole('heading', { name: 'Holiday', level: 3 })).toBeInTheDocument()
    expect(within(h).getByTestId('goal-category')).toHaveTextContent('Holiday')
    expect(within(h).getByText('Two weeks in Portugal')).toBeInTheDocument()
    expect(within(h).getByRole('progressbar', { name: 'Holiday progress' })).toHaveAttribute('aria-valuenow', '40')
    expect(within(h).getByTestId('goal-amounts')).toHaveTextContent('£400.00 of £1,000.00')
    expect(within(h).getByTestId('goal-message')).toHaveTextContent('Good start! Keep saving.')
    expect(within(h).getByTestId('goal-status')).toHaveTextContent('In Progress')
    expect(within(h).getByTestId('goal-days')).toHaveTextContent('45 days left')
    expect(within(h).getByText(/per week/)).toHaveTextContent('Save £93.34 per week')
    expect(within(h).getByText(/per month/)).toHaveTextContent('Save £405.87 per month')
    expect(within(h).getByTestId('goal-projection')).toHaveTextContent('At this pace: 01/08/2026On track')
    expect(within(h).getByRole('button', { name: 'Add Contribution' })).toBeInTheDocument()

    const c = cardOf('New Car')
    expect(within(c).getByTestId('goal-status')).toHaveTextContent('5 days left')
    expect(within(c).getByTestId('goal-message')).toHaveTextContent('Great progress! You are three quarters of the way.')
    expect(within(c).getByText(/per day/)).toHaveTextContent('Save £320.00 per day')

    const l = cardOf('Laptop')
    expect(within(l).getByTestId('goal-status')).toHaveTextContent('Completed')
    expect(within(l).getByTestId('goal-days')).toHaveTextContent('Completed on 03/06/2026')
    expect(within(l).getByTestId('goal-message')).toHaveTextContent('Congratulations! Goal achieved!')
    expect(within(l).queryByRole('button', { name: 'Add Contribution' })).not.toBeInTheDocument()
    expect(within(l).queryByText(/^Save /)).not.toBeInTheDocument()

    const o = cardOf('Rainy Day Fund')
    expect(within(o).getByTestId('goal-status')).toHaveTextContent('Overdue')
    expect(within(o).getByTestId('goal-days')).toHaveTextContent('3 days overdue')
  })

  it('shows 6 placeholder cards while the list loads', async () => {
    serve()
    server.use(http.get(apiUrl('/goals'), () => new Promise(() => {})))
    renderPage()
    expect(await screen.findAllByTestId('goal-skeleton')).toHaveLength(6)
  })

  it('sends the tab, category and sort in GET /goals and keeps them in the address', async () => {
    const state = serve({ goals: [holiday] })
    const { user, router } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })

    await user.click(screen.getByRole('tab', { name: 'Completed' }))
    await waitFor(() => expect(state.listQueries.at(-1)).toBe('?status=completed&sort=newest'))
    await user.selectOptions(screen.getByLabelText('Category'), 'Emergency Fund')
    await waitFor(() => expect(state.listQueries.at(-1)).toBe('?status=completed&category=emergency&sort=newest'))
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Target Date (Soon to Late)')
    await waitFor(() =>
      expect(state.listQueries.at(-1)).toBe('?status=completed&category=emergency&sort=targetDate'),
    )
    expect(router.state.location.search).toBe('?status=completed&category=emergency&sort=targetDate')
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true')

    await user.click(screen.getByRole('tab', { name: 'All Goals' }))
    await waitFor(() => expect(router.state.location.search).toBe('?category=emergency&sort=targetDate'))
  })

  it('reads the filters from the address on opening', async () => {
    const state = serve({ goals: [holiday] })
    renderPage('/goals?status=active&category=home&sort=progress')
    await screen.findByRole('group', { name: 'Holiday goal' })
    expect(state.listQueries).toEqual(['?status=active&category=home&sort=progress'])
    expect(screen.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Category')).toHaveValue('home')
    expect(screen.getByLabelText('Sort by')).toHaveValue('progress')
  })

  it('says No goals yet with Create Your First Goal, which opens the form', async () => {
    serve({ goals: [], summary: makeGoalsSummary({ totalGoals: 0 }) })
    const { user } = renderPage()
    expect(await screen.findByRole('heading', { name: 'No goals yet' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Create Your First Goal' }))
    expect(await screen.findByRole('dialog', { name: 'Create New Goal' })).toBeInTheDocument()
  })

  it('says No goals match your filters when a tab or category is chosen', async () => {
    serve({ goals: [] })
    renderPage('/goals?category=car')
    expect(await screen.findByRole('heading', { name: 'No goals match your filters' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create Your First Goal' })).not.toBeInTheDocument()
  })

  // Two passes through the whole form, typed key by key: about 4 s alone, more beside another worker.
  it('creates a goal with the target as decimal text and the category preset', { timeout: 15_000 }, async () => {
    const state = serve({ goals: [holiday] })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await user.click(screen.getByRole('button', { name: 'Add New Goal' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' })

    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }))
    expect(await within(dialog).findByText('Goal name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Target amount is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Target date is required')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Target Amount'), '0')
    const date = within(dialog).getByLabelText('Target Date')
    await user.type(date, '10/07/2026')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }))
    expect(await within(dialog).findByText('Target amount must be greater than 0')).toBeInTheDocument()
    expect(within(dialog).getByText('Target date must be in the future')).toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Goal Name'), 'Deposit')
    await user.clear(within(dialog).getByLabelText('Target Amount'))
    await user.type(within(dialog).getByLabelText('Target Amount'), '1500')
    await user.clear(date)
    await user.type(date, '11/07/2026')
    await user.tab()
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Home')
    expect(within(dialog).getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(dialog).getByRole('button', { name: 'Amber' })).toHaveAttribute('aria-pressed', 'true')
    expect(within(dialog).getByRole('button', { name: 'Target' })).toHaveAttribute('aria-pressed', 'false')
    // The icon and colour can still be changed after the preset.
    await user.click(within(dialog).getByRole('button', { name: 'Piggy bank' }))
    expect(within(dialog).getByRole('button', { name: 'Piggy bank' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/api/goals',
        body: {
          name: 'Deposit',
          description: '',
          targetAmount: '1500.00',
          targetDate: '2026-07-11',
          category: 'home',
          icon: 'piggy-bank',
          color: '#F59E0B',
        },
      },
    ])
    expect(await screen.findByText('Goal created successfully')).toBeInTheDocument()
  })

  it('keeps the form open with the server message when creating fails', async () => {
    serve({ goals: [holiday] })
    server.use(
      http.post(apiUrl('/goals'), () =>
        HttpResponse.json({ success: false, code: 'validation_error', message: 'Name already used' }, { status: 400 }),
      ),
    )
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await user.click(screen.getByRole('button', { name: 'Add New Goal' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' })
    await user.type(within(dialog).getByLabelText('Goal Name'), 'Deposit')
    await user.type(within(dialog).getByLabelText('Target Amount'), '10')
    await user.type(within(dialog).getByLabelText('Target Date'), '01/01/2027')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }))
    expect(await within(dialog).findByText('Name already used')).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Create New Goal' })).toBeInTheDocument()
  })

  it('edits a goal, keeping its passed target date', async () => {
    const passed = makeGoal({ targetDate: '2026-07-01' }, { isOverdue: true, daysPassedAfterTarget: 9 })
    const state = serve({ goals: [passed] })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await chooseAction(user, 'Holiday', 'Edit Goal')
    const dialog = await screen.findByRole('dialog', { name: 'Edit Goal' })
    expect(within(dialog).getByLabelText('Goal Name')).toHaveValue('Holiday')
    expect(within(dialog).getByLabelText('Target Amount')).toHaveValue('1000.00')
    expect(within(dialog).getByLabelText('Target Date')).toHaveValue('01/07/2026')
    await user.clear(within(dialog).getByLabelText('Goal Name'))
    await user.type(within(dialog).getByLabelText('Goal Name'), 'Summer Holiday')
    await user.click(within(dialog).getByRole('button', { name: 'Update Goal' }))
    await waitFor(() => expect(state.sent).toHaveLength(1))
    expect(state.sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/goals/goal-holiday',
      body: { name: 'Summer Holiday', targetAmount: '1000.00', targetDate: '2026-07-01', category: 'vacation' },
    })
  })

  it('previews a contribution and says when it completes the goal', async () => {
    const state = serve({ goals: [holiday] })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await user.click(within(cardOf('Holiday')).getByRole('button', { name: 'Add Contribution' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Contribution to Holiday' })
    expect(within(dialog).getByLabelText('Date')).toHaveValue('10/07/2026')
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Savings contribution')
    expect(within(dialog).getByLabelText('Source')).toHaveValue('other')

    await user.click(within(dialog).getByRole('button', { name: 'Add Contribution' }))
    expect(await within(dialog).findByText('Contribution amount is required')).toBeInTheDocument()

    const amount = within(dialog).getByLabelText('Amount')
    await user.type(amount, '100.10')
    expect(within(dialog).getByTestId('preview-New total')).toHaveTextContent('£500.10')
    expect(within(dialog).getByTestId('preview-New progress')).toHaveTextContent('50.0%')
    expect(within(dialog).getByTestId('preview-Remaining')).toHaveTextContent('£499.90')
    expect(within(dialog).queryByText('This contribution completes your goal!')).not.toBeInTheDocument()

    await user.clear(amount)
    await user.type(amount, '750')
    expect(within(dialog).getByTestId('preview-New total')).toHaveTextContent('£1,150.00')
    expect(within(dialog).getByTestId('preview-New progress')).toHaveTextContent('100.0%')
    expect(within(dialog).getByTestId('preview-Remaining')).toHaveTextContent('£0.00')
    expect(within(dialog).getByText('This contribution completes your goal!')).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('Source'), 'Bank Transfer')
    await user.click(within(dialog).getByRole('button', { name: 'Add Contribution' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(state.sent).toEqual([
      {
        method: 'POST',
        path: '/api/goals/goal-holiday/contributions',
        body: { amount: '750.00', date: TODAY, description: 'Savings contribution', source: 'bank_transfer', notes: '' },
      },
    ])
    expect(await screen.findByText('Contribution added successfully')).toBeInTheDocument()
  })

  it('sends a contribution again with the same Idempotency-Key after a lost answer, and a new one after', async () => {
    serve({ goals: [holiday] })
    const keys: (string | null)[] = []
    let calls = 0
    server.use(
      http.post(apiUrl('/goals/:id/contributions'), ({ request }) => {
        keys.push(request.headers.get('idempotency-key'))
        calls += 1
        // The first answer is lost on the way (no signal in the shop).
        if (calls === 1) return HttpResponse.error()
        return HttpResponse.json(
          { success: true, data: { goal: holiday, contribution: makeContribution() }, message: 'Contribution added successfully' },
          { status: 201 },
        )
      }),
    )
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await user.click(within(cardOf('Holiday')).getByRole('button', { name: 'Add Contribution' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Contribution to Holiday' })
    await user.type(within(dialog).getByLabelText('Amount'), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Add Contribution' }))
    await waitFor(() => expect(keys).toHaveLength(1))
    expect(await within(dialog).findByText(/Network error|Failed to add contribution/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Add Contribution' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('refuses a contribution dated in the future', async () => {
    serve({ goals: [holiday] })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await user.click(within(cardOf('Holiday')).getByRole('button', { name: 'Add Contribution' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Contribution to Holiday' })
    await user.type(within(dialog).getByLabelText('Amount'), '0')
    const date = within(dialog).getByLabelText('Date')
    await user.clear(date)
    await user.type(date, '11/07/2026')
    await user.tab()
    await user.click(within(dialog).getByRole('button', { name: 'Add Contribution' }))
    expect(await within(dialog).findByText('Contribution amount must be greater than 0')).toBeInTheDocument()
    expect(within(dialog).getByText('Contribution date cannot be in the future')).toBeInTheDocument()
  })

  it('asks before deleting a goal, then deletes it', async () => {
    const state = serve({ goals: [holiday, car] })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await chooseAction(user, 'Holiday', 'Delete Goal')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Goal' })
    expect(within(dialog).getByText('Are you sure you want to delete "Holiday"?')).toBeInTheDocument()
    expect(
      within(dialog).getByText('This action cannot be undone. All contributions to this goal will also be deleted.'),
    ).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(state.sent).toEqual([{ method: 'DELETE', path: '/api/goals/goal-holiday', body: undefined }])
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Holiday goal' })).not.toBeInTheDocument())
    expect(await screen.findByText('Goal deleted successfully')).toBeInTheDocument()
  })

  it('logs a failed goal delete and keeps the dialog open with the message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    serve({ goals: [holiday] })
    server.use(http.delete(apiUrl('/goals/:id'), () => new HttpResponse(null, { status: 500 })))
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    await chooseAction(user, 'Holiday', 'Delete Goal')
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Goal' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText('Failed to delete goal')).toBeInTheDocument()
    expect(log).toHaveBeenCalledWith('Failed to delete goal', expect.anything())
  })

  it('lists a goal’s contributions when opened, and deletes one after confirming', async () => {
    const state = serve({
      goals: [holiday],
      contributions: {
        'goal-holiday': [
          makeContribution({ _id: 'c-2', description: 'June bonus', amount: 150, date: '2026-06-28', source: 'bonus' }),
          makeContribution(),
        ],
      },
    })
    const { user } = renderPage()
    await screen.findByRole('group', { name: 'Holiday goal' })
    expect(state.contributionCalls).toBe(0)
    const toggle = within(cardOf('Holiday')).getByRole('button', { name: 'Contributions (2)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const list = await screen.findByRole('list', { name: 'Contributions to Holiday' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      'June bonus28/06/2026 · Bonus+£150.00',
      'Savings contribution01/06/2026 · Salary+£250.00',
    ])

    await user.click(within(list).getByRole('button', { name: 'Delete contribution June bonus' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Contribution' })
    expect(within(dialog).getByText(/"June bonus" of £150.00/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(state.sent).toEqual([{ method: 'DELETE', path: '/api/goals/goal-holiday/contributions/c-2', body: undefined }])
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(await screen.findByText('Contribution deleted successfully')).toBeInTheDocument()
  })
})
