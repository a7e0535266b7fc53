/** Query keys of the household feature. */
export const householdKeys = {
  all: ['household'] as const,
  /** The household the signed-in user is in, with its members. */
  current: () => [...householdKeys.all, 'current'] as const,
  /** Its pending invitations (the owner's list). */
  invitations: () => [...householdKeys.all, 'invitations'] as const,
  /** The signed-in user's own pending invitations, to other households. */
  pending: () => [...householdKeys.all, 'pending'] as const,
}
