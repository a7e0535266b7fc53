import { expect, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { londonDay, money, TransactionScreen, TransactionsScreen, ukDate } from './support/ledger'
import { shot } from './support/shots'
import { currentAndCard } from './support/transfers'

const stamp = Date.now()

test('a card payment and its receipt are offered as one transfer, confirmed with one tap and separated again', async ({
  page,
  request,
}) => {
  const { current, card, add } = await currentAndCard(page, request, 'Tess Transfer', `tess.${stamp}@e2e.test`)
  const paidOn = londonDay(-3)
  const receivedOn = londonDay(-1)
  await add(current, { amount: '2000.00', type: 'income', description: 'Salary', category: 'Salary', date: londonDay(-4) })
  await add(current, { amount: '45.20', type: 'expense', description: 'Weekly shop', category: 'Groceries', date: londonDay(-2) })
  const payment = await add(current, { amount: '350.00', type: 'expense', description: 'CARD PAYMENT', category: 'Bills & Utilities', date: paidOn })
  await add(card, { amount: '350.00', type: 'income', description: 'PAYMENT RECEIVED', category: 'Other Income', date: receivedOn })

  const tx = new TransactionsScreen(page)
  await tx.open()
  const suggestions = tx.suggestions
  await expect(suggestions).toBeVisible()
  await expect(tx.pairs).toHaveCount(1)
  await expect(suggestions).toContainText(
    `${money(35_000)} from Everyday Current (${ukDate(paidOn)}) to Rewards Credit Card (${ukDate(receivedOn)})`,
  )
  await expect(suggestions).toContainText('CARD PAYMENT · PAYMENT RECEIVED')
  await expect(tx.row('CARD PAYMENT').getByText('Looks like a transfer')).toBeVisible()
  await expect(tx.row('PAYMENT RECEIVED').getByText('Looks like a transfer')).toBeVisible()
  await expect(tx.row('Weekly shop').getByText('Looks like a transfer')).toHaveCount(0)
  // Before: the payment is spending and its receipt income.
  await expect(tx.summary('Total Income')).toHaveText(money(200_000 + 35_000))
  await expect(tx.summary('Total Expenses')).toHaveText(money(4_520 + 35_000))
  await expectNoAxeViolations(page, 'transactions with a suggested transfer')
  await shot(page, 'transfer-suggestions')

  await suggestions.getByRole('button', { name: 'Mark as transfer' }).click()
  await expect(suggestions).toBeHidden()
  await expect(page.getByText('Marked as a transfer')).toBeVisible()
  await expect(tx.row('CARD PAYMENT').getByText('Transfer', { exact: true })).toBeVisible()
  await expect(tx.row('PAYMENT RECEIVED').getByText('Transfer', { exact: true })).toBeVisible()
  await expect(page.locator('tbody').getByText('Looks like a transfer')).toHaveCount(0)
  await expect(tx.summary('Total Income')).toHaveText(money(200_000))
  await expect(tx.summary('Total Expenses')).toHaveText(money(4_520))
  await shot(page, 'transfer-paired')

  await page.goto(`/transactions/${payment._id}`)
  const paired = new TransactionScreen(page).pairedTransfer
  await expect(paired).toContainText('These two rows were paired into a transfer.')
  await expect(page.getByText('Transfer', { exact: true })).toBeVisible()
  await shot(page, 'transfer-paired-detail')
  await paired.getByRole('button', { name: 'Not a transfer' }).click()
  await expect(paired).toBeHidden()
  await expect(page.getByText('Purchase', { exact: true })).toBeVisible()
  await expect(page.getByText('Business type').locator('..')).toContainText('Bills & Utilities')
  await expect(page.getByText('No longer a transfer')).toBeVisible()
  // Separated pairs are not offered again.
  await expect(page.getByText('Looks like a transfer')).toHaveCount(0)

  await tx.open()
  await expect(tx.row('CARD PAYMENT').getByText('Expense', { exact: true })).toBeVisible()
  await expect(tx.summary('Total Expenses')).toHaveText(money(4_520 + 35_000))
  await expect(tx.suggestions).toHaveCount(0)
})
