// Public surface of the dashboard feature, for app/ to compose.
export { DashboardPage } from './components/dashboard-page'
export { prefetchDashboard } from './api/prefetch'
