/** Query keys of the bank-linking feature. */
export const bankKeys = {
  all: ['bank'] as const,
  items: () => [...bankKeys.all, 'items'] as const,
  /** One link token per opening of the dialog and per try in it, so each asks for a fresh one. */
  linkToken: (itemId: string | null, session: number, attempt: number) =>
    [...bankKeys.all, 'link-token', itemId, session, attempt] as const,
}
