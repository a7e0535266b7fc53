import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { apiUrl, server } from '@/test/server'
import type { GoalsSummary } from '../api/get-goals-summary'
import { GoalsCard } from './goals-card'

const summary: GoalsSummary = {
  totalGoals: 3,
  activeGoals: 2,
  completedGoals: 1,
  overallProgress: 24,
  totalSavedAmount: 1200,
  totalTargetAmount: 5000,
  nearestGoal: { _id: 'g1', name: 'Holiday', targetDate: '2026-08-24', daysRemaining: 45, progressPercentage: 40 },
}

function serve(answer: GoalsSummary | 'error') {
  server.use(
    http.get(apiUrl('/goals/dashboard/summary'), () =>
      answer === 'error'
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({ success: true, data: answer }),
    ),
  )
}

describe('GoalsCard', () => {
  it('shows saved of target, the overall progress, the counts and the nearest goal', async () => {
    serve(summary)
    renderWithProviders(<GoalsCard />)
    expect(screen.getByRole('heading', { name: 'Savings Goals', level: 2 })).toBeInTheDocument()
    expect(await screen.findByTestId('goals-card-saved')).toHaveTextContent('£1,200.00 of £5,000.00')
    expect(screen.getByRole('progressbar', { name: 'Overall goal progress' })).toHaveAttribute('aria-valuenow', '24')
    expect(screen.getByTestId('goals-card-counts')).toHaveTextContent('2 active · 1 completed')
    expect(screen.getByTestId('goals-card-next')).toHaveTextContent('Next: Holiday — 45 days left')
    expect(screen.getByRole('link', { name: 'View Goals' })).toHaveAttribute('href', '/goals')
  })

  it('leaves out the next goal when none is unfinished', async () => {
    serve({ ...summary, activeGoals: 0, completedGoals: 3, nearestGoal: null })
    renderWithProviders(<GoalsCard />)
    expect(await screen.findByTestId('goals-card-counts')).toHaveTextContent('0 active · 3 completed')
    expect(screen.queryByTestId('goals-card-next')).not.toBeInTheDocument()
  })

  it('offers Set a goal when there are none', async () => {
    serve({ ...summary, totalGoals: 0, activeGoals: 0, completedGoals: 0, nearestGoal: null })
    renderWithProviders(<GoalsCard />)
    expect(await screen.findByText('No goals yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Set a goal' })).toHaveAttribute('href', '/goals')
  })

  it('says the goals are unavailable when the call fails, without an alert', async () => {
    serve('error')
    renderWithProviders(<GoalsCard />)
    expect(await screen.findByText('Goals are unavailable right now')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
