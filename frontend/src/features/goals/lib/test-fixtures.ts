import type { Contribution, Goal, GoalStats, GoalsSummary } from '../api/types'

/** Test data for the goals feature. */
export function makeStats(overrides: Partial<GoalStats> = {}): GoalStats {
  return {
    progressPercentage: 40,
    remainingAmount: 600,
    daysRemaining: 45,
    daysPassedAfterTarget: 0,
    daysPassedAfterCompletion: 0,
    isOverdue: false,
    isCompleted: false,
    savingsSuggestions: [
      { period: 'week', label: 'per week', amount: 93.34 },
      { period: 'month', label: 'per month', amount: 405.87 },
    ],
    projectedCompletionDate: null,
    onTrack: null,
    ...overrides,
  }
}

export function makeGoal(overrides: Partial<Goal> = {}, stats: Partial<GoalStats> = {}): Goal {
  return {
    _id: 'goal-holiday',
    name: 'Holiday',
    description: 'Two weeks in Portugal',
    targetAmount: 1000,
    currentAmount: 400,
    targetDate: '2026-08-24',
    category: 'vacation',
    icon: 'plane',
    color: '#0EA5E9',
    isCompleted: false,
    completedAt: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    contributionCount: 2,
    ...overrides,
    stats: makeStats(stats),
  }
}

export function makeContribution(overrides: Partial<Contribution> = {}): Contribution {
  return {
    _id: 'c-1',
    goalId: 'goal-holiday',
    amount: 250,
    date: '2026-06-01',
    description: 'Savings contribution',
    source: 'salary',
    notes: '',
    createdAt: '2026-06-01T09:00:00.000Z',
    ...overrides,
  }
}

export function makeGoalsSummary(overrides: Partial<GoalsSummary> = {}): GoalsSummary {
  return {
    totalGoals: 3,
    activeGoals: 2,
    completedGoals: 1,
    overallProgress: 24,
    totalSavedAmount: 1200,
    totalTargetAmount: 5000,
    nearestGoal: { _id: 'goal-holiday', name: 'Holiday', targetDate: '2026-08-24', daysRemaining: 45, progressPercentage: 40 },
    ...overrides,
  }
}
