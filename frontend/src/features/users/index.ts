// Public surface of the users feature, for app/ to compose.
export { UsersPage } from './components/users-page'
export { UsersAccessDenied } from './components/access-denied'
