// Public surface of the household feature, for app/ to compose.
export { HouseholdPage } from './components/household-page'
