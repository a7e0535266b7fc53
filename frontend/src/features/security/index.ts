// Public surface of the security feature (two-factor sign-in, signed-in devices, API tokens), for app/ to compose.
export { SecurityPage } from './components/security-page'
export { ApiTokensPage } from './components/api-tokens-page'
