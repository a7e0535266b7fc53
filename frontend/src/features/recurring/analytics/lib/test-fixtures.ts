import type { FlowMonth, RecurringAnalytics, TemplateTrend, TrendPoint } from '../api/types'

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Test data for the recurring analytics. */
export function makeFlowMonth(overrides: Partial<FlowMonth> = {}): FlowMonth {
  const year = overrides.year ?? 2026
  const monthNumber = overrides.monthNumber ?? 6
  return {
    year,
    monthNumber,
    month: `${SHORT[monthNumber - 1]} ${year}`,
    income: 0,
    expenses: 0,
    netFlow: 0,
    source: 'computed',
    categoryBreakdown: [],
    ...overrides,
  }
}

export function makePoint(overrides: Partial<TrendPoint> = {}): TrendPoint {
  const year = overrides.year ?? 2026
  const monthNumber = overrides.monthNumber ?? 6
  return {
    year,
    monthNumber,
    month: `${SHORT[monthNumber - 1]} ${year}`,
    templateAmount: 10.99,
    actualAmount: 10.99,
    source: 'computed',
    ...overrides,
  }
}

export function makeTrend(overrides: Partial<TemplateTrend> = {}): TemplateTrend {
  return {
    templateId: 'rt-netflix',
    templateName: 'Netflix',
    icon: 'film',
    color: '#E91E63',
    categoryName: 'Entertainment',
    currentAmount: -10.99,
    monthlyData: [],
    ...overrides,
  }
}

export function makeAnalytics(overrides: Partial<RecurringAnalytics> = {}): RecurringAnalytics {
  return {
    monthlyData: [],
    insights: {
      totalIncome: 0,
      totalExpenses: 0,
      totalNetFlow: 0,
      activeRecurringTransactions: 0,
      bestMonth: null,
      worstMonth: null,
      topCategory: null,
    },
    templateTrends: [],
    ...overrides,
  }
}
