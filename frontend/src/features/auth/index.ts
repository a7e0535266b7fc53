// Public surface of the auth feature, for app/ to compose.
import { lazyDialog } from '@/components/lazy-dialog'

// The session surface (also importable alone, see session.ts).
export * from './session'
export { LoginForm } from './components/login-form'
export { RegisterForm } from './components/register-form'
export { ForgotPasswordForm } from './components/forgot-password-form'
export { ResetPasswordForm } from './components/reset-password-form'
export { VerifyEmail } from './components/verify-email'
export { AccountDisabled } from './components/account-disabled'
// The signed-out screens' centred card, for other pages reached from an e-mail.
export { AuthLayout } from './components/auth-layout'
// Loads when first opened: the app shell renders it (closed) on every page.
export const EditProfileDialog = lazyDialog(() =>
  import('./components/edit-profile-dialog').then((m) => m.EditProfileDialog),
)
