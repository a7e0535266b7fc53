// Public surface of the goals feature, for app/ to compose.
export { GoalsPage } from './components/goals-page'
