/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  canConnectBank: () => [...authKeys.all, 'can-connect-bank'] as const,
  publicConfig: () => [...authKeys.all, 'public-config'] as const,
  resetLink: (token: string) => [...authKeys.all, 'reset-link', token] as const,
}
