import { expect, type Page, test } from './support/test'

import { sessionApi, signUpFreshUser, TransactionsScreen } from './support/ledger'
import { AppShell } from './support/shell'
import { shotBoth } from './support/shots'

const email = `tess.${Date.now()}@e2e.test`

/** The Tags page's rows. */
function tagsPage(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'Tags', level: 1 }),
    row: (name: string) => page.getByTestId('tag-row').filter({ hasText: name }),
    rows: page.getByTestId('tag-row'),
  }
}

test('tag transactions while adding them, filter by tags, merge two tags and delete one', async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Tess Tags', email)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Everyday Current', type: 'current', initialBalance: '800.00' })
  await api.post('/tags', { name: 'Holiday 2026', color: '#03A9F4' })
  await api.post('/tags', { name: 'Trip', color: '#FF9800' })

  const shell = new AppShell(page)
  const tx = new TransactionsScreen(page)
  // A fresh load, so the form offers the account made through the API.
  await tx.open()

  await test.step('tag two transactions while adding them, one tag made on the fly', async () => {
    await tx.chooseAdd('Add Transaction')
    const add = tx.addDialog
    await add.fill({ type: 'Expense', amount: '24.50', description: 'Beach toys', category: 'Shopping', account: 'Everyday Current (Current Account)' })
    const tags = add.root.getByLabel('Tags', { exact: true })
    await tags.fill('holi')
    await add.root.getByRole('button', { name: 'Add tag Holiday 2026' }).click()
    await tags.fill('Kids')
    await tags.press('Enter')
    await expect(add.root.getByText('Kids (new)')).toBeVisible()
    await shotBoth(page, 'tags-dialog')
    await add.submit.click()
    await expect(add.root).toBeHidden()

    await tx.chooseAdd('Add Transaction')
    await add.fill({ type: 'Expense', amount: '180.00', description: 'Seaside hotel', category: 'Travel', account: 'Everyday Current (Current Account)' })
    await tags.fill('Trip')
    await tags.press('Enter')
    await tags.fill('kids')
    await tags.press('Enter')
    // A known name in another case is that tag, not a new one.
    await expect(add.root.getByText('Kids (new)')).toHaveCount(0)
    await add.submit.click()
    await expect(add.root).toBeHidden()
    await tx.add({ type: 'Expense', amount: '60.00', description: 'Weekly shop', category: 'Groceries', account: 'Everyday Current (Current Account)' })

    await expect(tx.row('Beach toys').getByTestId('tag-chip')).toHaveText(['Holiday 2026', 'Kids'])
    await expect(tx.row('Seaside hotel').getByTestId('tag-chip')).toHaveText(['Kids', 'Trip'])
    await expect(tx.row('Weekly shop').getByTestId('tag-chip')).toHaveCount(0)
  })

  await test.step('filter the list by a tag, then by two (any, then all)', async () => {
    if ((await tx.filtersToggle.getAttribute('aria-expanded')) !== 'true') await tx.filtersToggle.click()
    const filter = page.getByRole('group', { name: 'Tags', exact: true })
    await filter.getByRole('button', { name: 'Kids' }).click()
    await expect(tx.rows()).toHaveCount(2)
    await expect(tx.summary('Transactions')).toContainText('2')
    await expect(page).toHaveURL(/tags=/)
    await filter.getByRole('button', { name: 'Holiday 2026' }).click()
    await expect(tx.rows()).toHaveCount(2)
    await filter.getByRole('radio', { name: 'All' }).click()
    await expect(page).toHaveURL(/tagMode=all/)
    await expect(tx.rows()).toHaveCount(1)
    await expect(tx.row('Beach toys')).toHaveCount(1)
    await expect(tx.summary('Total Expenses')).toContainText('£24.50')
    await shotBoth(page, 'tags-filtered-list')
    // Kept in the address: a reload shows the same.
    await page.reload()
    await expect(tx.rows()).toHaveCount(1)
    await tx.clearAll.click()
    await expect(tx.rows()).toHaveCount(3)
  })

  const tags = tagsPage(page)
  await test.step('merge two tags on the Tags page, and the list follows', async () => {
    await shell.sidebarLink('Tags').click()
    await expect(tags.heading).toBeVisible()
    await expect(tags.rows).toHaveCount(3)
    await expect(tags.row('Kids')).toContainText('2 transactions')
    await shotBoth(page, 'tags-page')
    await tags.row('Trip').getByRole('button', { name: 'Merge Trip' }).click()
    const merge = page.getByRole('alertdialog', { name: 'Merge Tag' })
    await merge.getByLabel('Merge into').selectOption({ label: 'Holiday 2026' })
    await expect(merge.getByText(/will be tagged "Holiday 2026" instead/)).toBeVisible()
    await merge.getByRole('button', { name: 'Merge' }).click()
    await expect(merge).toBeHidden()
    await expect(tags.rows).toHaveCount(2)
    await expect(tags.row('Holiday 2026')).toContainText('2 transactions')

    await shell.sidebarLink('Transactions').click()
    await expect(tx.row('Seaside hotel').getByTestId('tag-chip')).toHaveText(['Holiday 2026', 'Kids'])
    await expect(tx.row('Beach toys').getByTestId('tag-chip')).toHaveText(['Holiday 2026', 'Kids'])
  })

  await test.step('delete a tag: its transactions remain', async () => {
    await shell.sidebarLink('Tags').click()
    await tags.row('Kids').getByRole('button', { name: 'Delete Kids' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete Tag' })
    await expect(confirm.getByText('No transaction is deleted.', { exact: false })).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toBeHidden()
    await expect(tags.rows).toHaveCount(1)

    await shell.sidebarLink('Transactions').click()
    await expect(tx.rows()).toHaveCount(3)
    await expect(tx.row('Beach toys').getByTestId('tag-chip')).toHaveText(['Holiday 2026'])
    await expect(tx.row('Seaside hotel').getByTestId('tag-chip')).toHaveText(['Holiday 2026'])
  })

  await test.step('on a phone the rows show their tags compactly and the Tags page fits', async () => {
    await page.setViewportSize({ width: 375, height: 812 })
    await expect(tx.phoneRow('Beach toys').getByTestId('tag-chip')).toHaveText(['Holiday 2026'])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.goto('/tags')
    await expect(tags.rows).toHaveCount(1)
    await expect(tags.row('Holiday 2026').getByRole('button', { name: 'Delete Holiday 2026' })).toBeVisible()
  })
})
