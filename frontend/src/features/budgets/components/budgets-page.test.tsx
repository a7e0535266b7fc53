import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Category } from '@/lib/api/types'
import { defaultCategories } from '@/test/fixtures'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { Budget } from '../api/types'
import { makeBudget } from '../lib/test-fixtures'
import { BudgetsPage } from './budgets-page'

const monthInfo = { month: 6, year: 2026, monthName: 'June', startDate: '2026-06-01', endDate: '2026-06-30' }

// defaultCategories: Groceries, Travel, Salary, Other Income, Hobby Stuff (custom).
const travelOver = makeBudget({
  _id: 'b-travel',
  categoryId: { _id: 'cat-travel', name: 'Travel', color: '#03A9F4', description: '', isDefault: true },
  limit: 50,
  currentSpending: 60,
  percentageUsed: 120,
  remaining: -10,
  status: 'over_budget',
})

function serve(budgets: Budget[], categories: Category[] = defaultCategories) {
  const state = { budgets, posted: [] as unknown[], finalised: [] as unknown[] }
  server.use(
    http.get(apiUrl('/budgets'), () => HttpResponse.json({ success: true, data: { budgets: state.budgets, monthInfo } })),
    http.get(apiUrl('/categories'), () => HttpResponse.json({ success: true, data: categories })),
    http.post(apiUrl('/budgets'), async ({ request }) => {
      const body = (await request.json()) as { categoryId: string; limit: string }
      state.posted.push(body)
      const category = categories.find((c) => c._id === body.categoryId)!
      const budget = makeBudget({
        _id: `b-${body.categoryId}`,
        categoryId: { _id: category._id, name: category.name, color: category.color, description: category.description, isDefault: category.isDefault },
        limit: Number(body.limit),
        currentSpending: 0,
        percentageUsed: 0,
        remaining: Number(body.limit),
      })
      state.budgets = [...state.budgets.filter((b) => b.categoryId._id !== body.categoryId), budget]
      return HttpResponse.json({ success: true, data: budget, message: 'Budget saved' })
    }),
    http.delete(apiUrl('/budgets/:id'), ({ params }) => {
      state.budgets = state.budgets.filter((b) => b._id !== params.id)
      return HttpResponse.json({ success: true, message: 'Budget removed. Your transaction history is unchanged.' })
    }),
    http.post(apiUrl('/budget-snapshots/finalize'), async ({ request }) => {
      state.finalised.push(await request.json())
      return HttpResponse.json({
        success: true,
        message: 'Month finalised successfully',
        data: { year: 2026, month: 6, budgets: state.budgets.length },
      })
    }),
  )
  return state
}

describe('BudgetsPage', () => {
  it('shows the month, the client-side totals and a red card for the budget over its limit', async () => {
    serve([makeBudget(), travelOver])
    renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)
    expect(screen.getByRole('heading', { name: 'Monthly Budgets' })).toBeInTheDocument()
    expect(await screen.findByText('Spending limits for June 2026')).toBeInTheDocument()
    expect(screen.getByTestId('tile-Total Budget')).toHaveTextContent('£300.00')
    expect(screen.getByTestId('tile-Total Spent')).toHaveTextContent('£160.50')
    expect(screen.getByTestId('tile-Active Budgets')).toHaveTextContent('2')
    expect(screen.getByTestId('tile-Over Budget')).toHaveTextContent('1')
    const travel = screen.getByRole('group', { name: 'Travel budget' })
    expect(travel).toHaveAttribute('data-over', 'true')
    expect(within(travel).getByText('Over budget by £10.00')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Finalise Month' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/budgets/analytics')
  })

  it('shows the empty state and picks from the expense categories without a budget', async () => {
    const state = serve([])
    const { user } = renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)
    expect(await screen.findByRole('heading', { name: 'No budgets set yet' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Budget' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Add Budget' }))

    const picker = await screen.findByRole('dialog', { name: 'Select a Category' })
    const options = within(picker).getAllByRole('listitem')
    expect(options.map((o) => within(o).getByRole('button').getAttribute('aria-label'))).toEqual([
      'Groceries',
      'Travel',
      'Hobby Stuff',
    ])
    expect(options[0]).toHaveTextContent('Supermarket and food shopping')
    expect(within(options[0]!).getByText('Default')).toBeInTheDocument()
    expect(within(options[2]!).queryByText('Default')).not.toBeInTheDocument()

    await user.click(within(picker).getByRole('button', { name: 'Travel' }))
    const dialog = await screen.findByRole('dialog', { name: 'Set Budget' })
    await user.click(within(dialog).getByRole('button', { name: 'Set Budget' }))
    expect(await within(dialog).findByText('Budget limit is required')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Monthly Limit (£)'), '0.001')
    await user.click(within(dialog).getByRole('button', { name: 'Set Budget' }))
    expect(await within(dialog).findByText('Budget limit must be at least £0.01')).toBeInTheDocument()
    await user.clear(within(dialog).getByLabelText('Monthly Limit (£)'))
    await user.type(within(dialog).getByLabelText('Monthly Limit (£)'), '75.5')
    await user.click(within(dialog).getByRole('button', { name: 'Set Budget' }))

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set Budget' })).not.toBeInTheDocument())
    expect(state.posted).toEqual([{ categoryId: 'cat-travel', limit: '75.50' }])
    expect(await screen.findByRole('group', { name: 'Travel budget' })).toHaveTextContent('£0.00 / £75.50')
  })

  it('says when every expense category has a budget and disables Add Budget', async () => {
    const hobby = makeBudget({
      _id: 'b-hobby',
      categoryId: { _id: 'cat-hobby', name: 'Hobby Stuff', color: '#9C27B0', description: '', isDefault: false },
    })
    serve([makeBudget(), travelOver, hobby])
    renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)
    expect(await screen.findByText('All expense categories already have budgets set.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Add Budget' })).toBeDisabled()
  })

  it("labels the empty state's button No Categories Available when there is no expense category", async () => {
    serve([], defaultCategories.filter((c) => /salary|income/i.test(c.name)))
    renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)
    const button = await screen.findByRole('button', { name: 'No Categories Available' })
    expect(button).toBeDisabled()
  })

  it('updates a limit starting from the current one', async () => {
    const state = serve([makeBudget()])
    const { user } = renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)
    const card = await screen.findByRole('group', { name: 'Groceries budget' })
    await user.click(within(card).getByRole('button', { name: 'Edit Budget' }))
    const dialog = await screen.findByRole('dialog', { name: 'Update Budget' })
    const input = within(dialog).getByLabelText('Monthly Limit (£)')
    expect(input).toHaveValue('250.00')
    await user.clear(input)
    await user.type(input, '300')
    await user.click(within(dialog).getByRole('button', { name: 'Update Budget' }))
    await waitFor(() => expect(state.posted).toEqual([{ categoryId: 'cat-groceries', limit: '300.00' }]))
  })

  it('removes a budget after confirming', async () => {
    serve([makeBudget(), travelOver])
    const { user } = renderWithProviders(<BudgetsPage canFinaliseMonth={false} />)
    const card = await screen.findByRole('group', { name: 'Travel budget' })
    await user.click(within(card).getByRole('button', { name: 'Remove Budget' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Budget' })
    expect(dialog).toHaveTextContent('Are you sure you want to remove the budget for "Travel"?')
    expect(dialog).toHaveTextContent('Only the spending limit is removed. Your transaction history is unchanged.')
    await user.click(within(dialog).getByRole('button', { name: 'Remove Budget' }))
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Travel budget' })).not.toBeInTheDocument())
    expect(screen.getByTestId('tile-Active Budgets')).toHaveTextContent('1')
  })

  it('lets a superadmin finalise the current month', async () => {
    const state = serve([makeBudget()])
    const { user } = renderWithProviders(<BudgetsPage canFinaliseMonth />)
    await screen.findByText('Spending limits for June 2026')
    await user.click(screen.getByRole('button', { name: 'Finalise Month' }))
    expect(await screen.findByText('Month finalised successfully')).toBeInTheDocument()
    expect(state.finalised).toEqual([{ year: 2026, month: 6 }])
  })

  it('shows the server message when finalising is refused', async () => {
    serve([makeBudget()])
    server.use(
      http.post(apiUrl('/budget-snapshots/finalize'), () =>
        HttpResponse.json({ success: false, message: 'Only a superadmin can finalise a month' }, { status: 403 }),
      ),
    )
    const { user } = renderWithProviders(<BudgetsPage canFinaliseMonth />)
    await screen.findByText('Spending limits for June 2026')
    await user.click(screen.getByRole('button', { name: 'Finalise Month' }))
    expect(await screen.findByText('Only a superadmin can finalise a month')).toBeInTheDocument()
  })
})
