import { formatLondonDateTime } from '@/lib/format'

/** The setup key in groups of four, as authenticator apps show and take it: 'ABCD EFGH …'. */
export function groupedKey(secret: string): string {
  return secret.replace(/\s/g, '').match(/.{1,4}/g)?.join(' ') ?? ''
}

export const RECOVERY_CODES_FILE = 'myspending-recovery-codes.txt'

/** The recovery codes as the downloaded .txt (and the copied text) holds them: what they are, then one a line. */
export function recoveryCodesText(codes: string[], accountEmail: string | undefined, now: Date = new Date()): string {
  const account = accountEmail ? ` for ${accountEmail}` : ''
  return [
    `MySpending recovery codes${account}`,
    `Saved ${formatLondonDateTime(now.toISOString())}`,
    '',
    'Each code works once, in place of a code from your authenticator app, when you log in or turn',
    'two-factor authentication off. Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n')
}
