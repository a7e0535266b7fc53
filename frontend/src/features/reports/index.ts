// Public surface of the reports feature, for app/ to compose.
export { ReportsPage } from './components/reports-page'
