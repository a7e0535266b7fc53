// Public surface of the budgets feature, for app/ to compose.
export { BudgetsPage } from './components/budgets-page'
export { BudgetAnalyticsPage } from './components/budget-analytics-page'
