import { expect, type Locator, test } from './support/test'

import { londonDay, money, sessionApi, signUpFreshUser, TransactionScreen, TransactionsScreen } from './support/ledger'
import { shot } from './support/shots'

const stamp = Date.now()
const email = `pip.${stamp}@e2e.test`

test('on a phone transactions are grouped by day and open their detail page', async ({ page, request, context }) => {
  await signUpFreshUser(page, request, 'Pip Phone', email)

  // Seed through the API with the session's token.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth-storage') ?? '{}').token as string)
  const headers = { Authorization: `Bearer ${token}` }
  const account = await request.post('/api/accounts', {
    headers,
    data: { name: 'Pocket Current', type: 'current', initialBalance: '500.00' },
  })
  expect(account.ok()).toBeTruthy()
  const accountId = (await account.json()).data._id as string
  const categories = (await (await request.get('/api/categories', { headers })).json()).data as { _id: string; name: string }[]
  const categoryId = (name: string) => categories.find((c) => c.name === name)!._id
  const add = async (body: Record<string, unknown>) => {
    const res = await request.post('/api/transactions', { headers, data: { accountId, notes: '', ...body } })
    expect(res.ok()).toBeTruthy()
  }
  const older = londonDay(-3)
  await add({ amount: '12.40', type: 'expense', description: 'Lunch with Sam', categoryId: categoryId('Eating Out'), date: londonDay(0) })
  await add({ amount: '30.00', type: 'income', description: 'Refund from shop', categoryId: categoryId('Other Income'), date: londonDay(-1) })
  await add({ amount: '9.99', type: 'expense', description: 'Music stream', categoryId: categoryId('Subscriptions'), date: older, status: 'declined' })
  await add({ amount: '4.20', type: 'expense', description: 'Flat white', categoryId: categoryId('Coffee & Snacks'), date: older })

  const tx = new TransactionsScreen(page)
  await tx.open()
  const weekday = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' })
    .formatToParts(new Date(`${older}T00:00:00Z`))
  const part = (t: string) => weekday.find((p) => p.type === t)!.value
  const olderLabel = `${part('weekday')}, ${part('day')} ${part('month')}`

  await expect(tx.day('Today')).toContainText('Lunch with Sam')
  await expect(tx.day('Yesterday')).toContainText('Refund from shop')
  const olderGroup = tx.day(new RegExp(`^${olderLabel}`))
  await expect(olderGroup).toContainText('Flat white')
  // Running balances: 500 − 4.20 on the older day (the declined one counts for nothing), +30, −12.40.
  await expect(tx.day('Today')).toContainText(`Balance ${money(50_000 - 420 + 3_000 - 1_240)}`)
  await expect(olderGroup.getByText('Declined')).toBeVisible()
  await expect(olderGroup.getByText('Wrong or expired details')).toBeVisible()
  await expect(tx.day('Yesterday')).toContainText(`+${money(3_000)}`)
  await shot(page, 'phone-transactions')

  const detail = new TransactionScreen(page)
  await tx.phoneRow('Lunch with Sam').tap()
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]+$/)
  await expect(detail.heading('Lunch with Sam')).toBeVisible()
  await expect(detail.amount).toHaveText(`-${money(1_240)}`)
  await expect(page.getByText('Eating Out', { exact: true })).toBeVisible()
  await shot(page, 'phone-transaction-detail')

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await detail.act('Copy Details')
  await expect(page.getByText('Transaction details copied to clipboard')).toBeVisible()

  await detail.act('Delete Transaction')
  const confirm = tx.deleteDialog
  await shot(page, 'phone-transaction-delete')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Transaction deleted successfully')).toBeVisible()
  await expect(page).toHaveURL(/\/transactions$/, { timeout: 5_000 })
  await expect(tx.day('Today')).toHaveCount(0)
})

/** How far the chosen option's text overflows its select (0 when it fits), measured in the select's font. */
async function selectTextOverflow(select: Locator): Promise<number> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    const text = el.selectedOptions[0]?.textContent ?? ''
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    return Math.max(0, Math.ceil(context.measureText(text).width - room))
  })
}

test('on a phone the transfer dialog shows every field and button, scrolling inside when taller than the screen', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Tess Transfer', `tess.${stamp}@e2e.test`)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '500.00' })
  // A name that already says its type is listed once: 'Savings Account', not 'Savings Account (Savings Account)'.
  await api.post('/accounts', { name: 'Savings Account', type: 'savings', initialBalance: '0' })
  await page.reload()

  const tx = new TransactionsScreen(page)
  await tx.chooseAdd('Create Transfer')
  const transfer = tx.transferDialog
  const dialog = transfer.root
  await expect(dialog).toBeVisible()
  const { from, to } = transfer
  await expect(from.locator('option')).toHaveText(['Select an account', 'Everyday Current (Current Account)', 'Savings Account'])
  await from.selectOption({ label: 'Everyday Current (Current Account)' })
  await to.selectOption({ label: 'Savings Account' })
  // The chosen accounts are readable in full, not clipped by the select.
  expect(await selectTextOverflow(from)).toBe(0)
  expect(await selectTextOverflow(to)).toBe(0)

  // Every label, field and button lies inside the 375 px screen, on a tall phone and a short one
  // with every message showing (the body then scrolls; the buttons stay in view).
  // (The date field is left out: its input is being replaced by a picker of its own.)
  const parts = [
    ...['Amount', 'Description', 'From Account', 'To Account', 'Notes'].flatMap((name) => [
      dialog.locator('label').filter({ hasText: new RegExp(`^${name}$`) }),
      dialog.getByLabel(name, { exact: true }),
    ]),
    transfer.cancel,
    transfer.create,
    transfer.close,
  ]
  const allInside = async () => {
    for (const part of parts) {
      await part.scrollIntoViewIfNeeded()
      await expect(part).toBeInViewport({ ratio: 1 })
      const box = (await part.boundingBox())!
      expect(box.x, 'left edge on screen').toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, 'right edge on screen').toBeLessThanOrEqual(375)
    }
  }
  await allInside()
  await shot(page, 'phone-transfer-dialog', { fullPage: false })

  await page.setViewportSize({ width: 375, height: 560 })
  await from.selectOption({ label: 'Select an account' })
  await transfer.create.click()
  await expect(dialog.getByText('Amount is required')).toBeVisible()
  await expect(dialog.getByText('From account is required')).toBeVisible()
  const body = dialog.locator('.chakra-dialog__body')
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight), 'the body scrolls').toBe(true)
  await expect(transfer.create).toBeInViewport({ ratio: 1 })
  await expect(transfer.cancel).toBeInViewport({ ratio: 1 })
  await allInside()
  await body.evaluate((el) => el.scrollTo(0, 0))
  await shot(page, 'phone-transfer-dialog-short', { fullPage: false })
  await transfer.cancel.click()
  await expect(dialog).toBeHidden()
})
