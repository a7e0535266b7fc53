// Public surface of the recurring feature, for app/ to compose.
export { RecurringPage } from './components/recurring-page'
