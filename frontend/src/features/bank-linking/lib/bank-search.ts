/**
 * The words and the search of the steps before a bank's own page (the choice of provider,
 * Enable Banking's bank list): only the dialog's lazily loaded steps use them.
 */
import type { Aspsp, BankProviderId } from '../api/types'

/** The line under each way of linking in the dialog's choice. */
export const PROVIDER_LINES: Record<BankProviderId, string> = {
  demo: 'Try it with made-up data',
  plaid: 'Banks Plaid supports',
  enablebanking: 'Your own UK bank through Open Banking',
}

/** Lower case without accents, so 'credit' finds 'Crédit' and 'MONZO' finds 'Monzo'. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('en-GB')
}

/** The banks whose name contains every word of the search, in the list's order; all for a blank one. */
export function filterBanks(banks: readonly Aspsp[], search: string): Aspsp[] {
  const words = folded(search).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...banks]
  return banks.filter((bank) => {
    const name = folded(bank.name)
    return words.every((word) => name.includes(word))
  })
}

/** 'Access for 90 days', 'Access for 1 day'. */
export function consentLengthLabel(days: number): string {
  return `Access for ${days} ${days === 1 ? 'day' : 'days'}`
}

/** What happens after Continue, said before it. */
export function consentExplanation(bankName: string): string {
  return (
    `You'll go to Enable Banking, then to ${bankName} to approve. Some banks ask you to approve in ` +
    'their app on your phone: open it when asked, then come back here.'
  )
}
