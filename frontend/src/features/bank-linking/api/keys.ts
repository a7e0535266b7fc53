/** Query keys of the bank-linking feature. */
export const bankKeys = {
  all: ['bank'] as const,
  items: () => [...bankKeys.all, 'items'] as const,
  /** Which ways of linking a bank the server offers. */
  providers: () => [...bankKeys.all, 'providers'] as const,
  /** The banks Enable Banking can link in a country. */
  aspsps: (country: string) => [...bankKeys.all, 'aspsps', country] as const,
  /** One link token per opening of the dialog and per try in it, so each asks for a fresh one. */
  linkToken: (itemId: string | null, session: number, attempt: number) =>
    [...bankKeys.all, 'link-token', itemId, session, attempt] as const,
}
