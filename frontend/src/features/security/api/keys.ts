/** Query keys of the security feature. */
export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  tokens: () => [...securityKeys.all, 'tokens'] as const,
}
