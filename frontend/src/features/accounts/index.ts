// Public surface of the accounts feature, for app/ to compose.
export { AccountsPage } from './components/accounts-page'
