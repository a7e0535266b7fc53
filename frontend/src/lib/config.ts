/** Static product settings shown in the UI. */
export const appConfig = {
  appName: 'MySpending',
  /** Who a disabled user is told to contact (spec doc 2, Account Disabled); the address comes
   * from the server's ADMIN_EMAIL setting (GET /api/config). */
  adminName: 'the MySpending administrator',
} as const
