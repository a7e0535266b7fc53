import { expect, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { londonDay, money, TransactionScreen, TransactionsScreen } from './support/ledger'
import { shot } from './support/shots'
import { currentAndCard } from './support/transfers'

const stamp = Date.now()

test('on a phone a suggested transfer is confirmed from the card, without sideways scrolling', async ({
  page,
  request,
}) => {
  const { current, card, add } = await currentAndCard(page, request, 'Pat Pairs', `pat.${stamp}@e2e.test`)
  await add(current, { amount: '350.00', type: 'expense', description: 'CARD PAYMENT TO REWARDS CREDIT CARD ENDING 4242', category: 'Bills & Utilities', date: londonDay(-3) })
  await add(card, { amount: '350.00', type: 'income', description: 'PAYMENT RECEIVED - THANK YOU', category: 'Other Income', date: londonDay(-1) })
  await add(current, { amount: '20.00', type: 'expense', description: 'MOVE TO CARD', category: 'Shopping', date: londonDay(-2) })
  await add(card, { amount: '20.00', type: 'income', description: 'CARD TOP UP', category: 'Other Income', date: londonDay(-2) })

  await page.goto('/transactions')
  const tx = new TransactionsScreen(page)
  await expect(tx.pairs).toHaveCount(2)
  await expect(tx.phoneRow('CARD TOP UP').getByText('Looks like a transfer')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'transactions with suggested transfers')
  await shot(page, 'phone-transfer-suggestions')

  const first = tx.pairs.filter({ hasText: money(35_000) })
  await first.getByRole('button', { name: 'Mark as transfer' }).tap()
  await expect(tx.pairs).toHaveCount(1)
  await expect(page.getByText('Marked as a transfer')).toBeVisible()
  const paid = tx.phoneRow('CARD PAYMENT TO REWARDS')
  await expect(paid).toContainText('To Rewards Credit Card')
  await expect(paid.getByText('Looks like a transfer')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await shot(page, 'phone-transfer-paired')

  await paid.tap()
  await expect(new TransactionScreen(page).pairedTransfer).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'a paired transfer')
  await shot(page, 'phone-transfer-paired-detail')
})
