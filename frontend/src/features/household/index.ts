// Public surface of the household feature, for app/ to compose.
export { HouseholdPage } from './components/household-page'
export { AcceptInvitation, SignInToAccept } from './components/accept-invitation'
