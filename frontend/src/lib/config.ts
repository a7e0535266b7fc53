/** Static product settings shown in the UI. */
export const appConfig = {
  appName: 'MySpending',
  /** Who a disabled user is told to contact (spec doc 2, Account Disabled). */
  adminName: 'the MySpending administrator',
  /** Address the contact button on /account-disabled writes to. */
  adminEmail: import.meta.env.VITE_ADMIN_EMAIL ?? 'admin@myspending.app',
} as const
