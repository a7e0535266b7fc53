import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'

import { ADMIN } from './users'

/**
 * The fake Enable Banking that scripts/e2e.sh starts (scripts/fake-enablebanking.mjs): its API
 * for the server, its consent page for the browser, and `/_control/*` for the journeys.
 */
export const FAKE_ENABLE_BANKING_URL = process.env.E2E_ENABLEBANKING_URL ?? ''

/**
 * What the Enable Banking screens say. Written before those screens landed: the texts the brief
 * fixed are here as given, the guesses are marked, and this is the one place to adjust them.
 */
export const UI = {
  /** Connect Bank's first step when more than one provider is on. */
  howToConnect: 'How do you want to connect?',
  provider: 'Enable Banking',
  searchBanks: 'Search banks',
  continueTo: (bank: string) => `Continue to ${bank}`,
  /** Guess: what the explanation step says about Fake Bank UK (its consent lasts 90 days). */
  explanation: ['90 days'],
  connected: 'Bank account connected',
  /**
   * Fake Bank UK also lists an account without data (no uid), which the server leaves out as well
   * (`skipped=2` in the callback's redirect): see the report's open questions.
   */
  skipped: "2 of the bank's accounts were not linked. The bank's entry below says why.",
  denied: 'The bank connection was cancelled at your bank. Nothing was linked.',
  /** The server's answer to Sync now when the pending coffee is booked (the toast shows it). */
  synced: 'Synced: 1 new, 0 updated, 1 removed',
  /** Guess: how a pending row is marked in the transactions list. */
  pendingMark: 'Pending',
}

/** Fake Bank UK's accounts as MySpending names them (the account's nickname or product, then the mask). */
export const FAKE_BANK = {
  name: 'Fake Bank UK',
  current: 'Joint Current ••5678',
  card: 'Rewards Credit Card ••4321',
  /** The transactions filter's option: name (type). */
  currentOption: 'Joint Current ••5678 (Current Account)',
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Connect Bank's dialog on the Enable Banking path: the provider step, the bank list, the explanation. */
export class EnableBankingDialog {
  readonly root: Locator
  readonly howToConnect: Locator
  readonly enableBanking: Locator
  readonly search: Locator

  constructor(readonly page: Page) {
    // One dialog is open at a time; its title changes from step to step.
    this.root = page.getByRole('dialog')
    this.howToConnect = this.root.getByText(UI.howToConnect)
    this.enableBanking = this.root.getByRole('button', { name: UI.provider, exact: true })
    this.search = this.root.getByLabel(UI.searchBanks)
  }

  /** A bank of the list, by the name its button starts with (not 'Continue to …'). */
  bank(name: string) {
    return this.root.getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) })
  }

  continueTo(bank: string) {
    return this.root.getByRole('button', { name: UI.continueTo(bank) })
  }
}

/** The fake's consent page (the provider's and the bank's in one). */
export class FakeBankConsent {
  readonly approve: Locator
  readonly deny: Locator

  constructor(readonly page: Page) {
    this.approve = page.getByRole('button', { name: 'Approve', exact: true })
    this.deny = page.getByRole('button', { name: 'Deny', exact: true })
  }

  async expectOpen(bank: string) {
    await expect(this.page).toHaveURL(new RegExp(`^${escapeRegExp(FAKE_ENABLE_BANKING_URL)}/consent\\?authorization_id=`))
    await expect(this.page).toHaveTitle(`${bank} — approve access`)
  }
}

/** From /accounts: Connect Bank → Enable Banking → search → the bank → Continue, up to the bank's page. */
export async function goToBankConsent(page: Page, bank: string, search: string) {
  const dialog = new EnableBankingDialog(page)
  await page.getByRole('button', { name: 'Connect Bank' }).first().click()
  await expect(dialog.howToConnect).toBeVisible()
  await dialog.enableBanking.click()
  await dialog.search.fill(search)
  await dialog.bank(bank).click()
  await dialog.continueTo(bank).click()
  await new FakeBankConsent(page).expectOpen(bank)
}

/** The superadmin (scripts/e2e.sh makes it) allows the user with this e-mail to connect banks. */
export async function grantBankAccess(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } })
  const headers = { Authorization: `Bearer ${(await login.json()).token}` }
  const users = (await (await request.get('/api/users', { headers })).json()).data as { _id: string; email: string }[]
  const res = await request.put(`/api/auth/toggle-bank-access/${users.find((u) => u.email === email)!._id}`, { headers })
  expect(res.ok(), await res.text()).toBeTruthy()
}

export type FakeRequest = { method: string; path: string; query: Record<string, string> }

/** The API calls the fake has seen (every journey's, as journeys share it). */
export async function fakeRequests(request: APIRequestContext): Promise<FakeRequest[]> {
  const res = await request.get(`${FAKE_ENABLE_BANKING_URL}/_control/requests`)
  expect(res.ok()).toBeTruthy()
  return (await res.json()) as FakeRequest[]
}

/** How many sessions have been closed at the fake (DELETE /sessions/{id}). */
export async function closedSessions(request: APIRequestContext) {
  return (await fakeRequests(request)).filter((r) => r.method === 'DELETE' && r.path.startsWith('/sessions/')).length
}
