// Public surface of the security feature (two-factor sign-in, signed-in devices), for app/ to compose.
export { SecurityPage } from './components/security-page'
