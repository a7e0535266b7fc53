// Public surface of the recurring analytics, for app/ to compose.
export { RecurringAnalyticsPage } from './components/recurring-analytics-page'
