import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, type APIRequestContext, type Page, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { londonDay, sessionApi, signUpFreshUser } from './ledger'
import { shot } from './shots'
import { notice } from './users'

const here = dirname(fileURLToPath(import.meta.url))
const fixtures = resolve(here, '../../../adapters/statements/fixtures')

/** One of the adapter's statement fixtures. */
function fixture(name: 'monzo-overlap-a.csv' | 'monzo-overlap-b.csv'): string {
  return join(fixtures, name)
}

/** The Date column (dd/MM/yyyy) of a fixture's row, found by its name. */
function fixtureDate(name: 'monzo-overlap-a.csv', rowName: string): string {
  const row = readFileSync(fixture(name), 'utf8').split(/\r?\n/).find((line) => line.includes(`,${rowName},`))
  return row!.split(',')[1]!
}

/** Page object of /import. */
export class ImportScreen {
  constructor(readonly page: Page) {}

  async choose(path: string) {
    await this.page.getByLabel('Statement file').setInputFiles(path)
    await expect(this.page.getByTestId('preview-counts')).toBeVisible()
  }

  counts() {
    return this.page.getByTestId('preview-counts')
  }

  row(text: string) {
    return this.page.getByTestId('preview-row').filter({ hasText: text })
  }

  async commit(label: string, result: string) {
    await this.page.getByRole('button', { name: label }).click()
    await expect(this.page.getByTestId('import-result')).toHaveText(result, { timeout: 20_000 })
  }
}

/** The journey of issue 16 at the page's width: import, re-import an overlap, rule, export, undo. */
export async function importJourney(page: Page, request: APIRequestContext, email: string) {
  const phone = (page.viewportSize()?.width ?? 0) < 800
  await signUpFreshUser(page, request, 'Imogen Import', email)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Monzo Current', type: 'current', initialBalance: '100.00' })
  const imports = new ImportScreen(page)

  await test.step('the account card opens the import for that account', async () => {
    await page.goto('/accounts')
    await page.getByRole('button', { name: 'Actions for Monzo Current' }).click()
    await page.getByRole('menuitem', { name: 'Import Statement' }).click()
    await expect(page).toHaveURL(/\/import\?accountId=/)
    await expect(page.getByRole('combobox', { name: 'Account', exact: true })).toHaveValue(/.+/)
    await expect(page.getByText('No statements imported yet.')).toBeVisible()
  })

  await test.step('the first statement: four new rows, imported', async () => {
    await imports.choose(fixture('monzo-overlap-a.csv'))
    await expect(page.getByTestId('preset')).toHaveText('Monzo CSV')
    await expect(imports.counts()).toHaveText('4 new, 0 already there')
    await expect(page.getByTestId('preview-row')).toHaveCount(4)
    await expect(imports.row('Green Grocer')).toContainText('-£15.40')
    await shot(page, 'import-preview-a')
    await imports.commit('Import 4 transactions', '4 added, 0 already there')
  })

  await test.step('the overlapping statement: the overlap is already there, only new rows go in', async () => {
    await page.getByRole('button', { name: 'Import another statement' }).click()
    await imports.choose(fixture('monzo-overlap-b.csv'))
    await expect(imports.counts()).toHaveText('3 new, 2 already there')
    for (const name of ['Book Nook', 'Rail Co']) {
      await expect(imports.row(name)).toHaveAttribute('data-duplicate', '')
      await expect(imports.row(name)).toContainText('Already there')
    }
    await expect(imports.row('Example Employer')).not.toHaveAttribute('data-duplicate', '')
    await expectNoAxeViolations(page, '/import with a preview')
    await shot(page, 'import-preview-b')
    await imports.commit('Import 3 transactions', '3 added, 2 already there')
    await expect(page.getByTestId('past-import')).toHaveCount(2)
    await shot(page, 'import-result')
  })

  await test.step('recategorising an imported row offers a rule, which is made', async () => {
    await page.getByRole('link', { name: 'View transactions' }).click()
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible()
    if (phone) {
      await page.getByTestId('transaction-row').filter({ hasText: 'Green Grocer' }).click()
      await page.getByRole('button', { name: 'Transaction actions' }).click()
      await page.getByRole('menuitem', { name: 'Edit Transaction' }).click()
    } else {
      await page.getByRole('button', { name: 'Edit Green Grocer' }).click()
    }
    const edit = page.getByRole('dialog', { name: 'Edit Transaction' })
    await edit.getByLabel('Category').selectOption({ label: 'Coffee & Snacks' })
    await edit.getByRole('button', { name: 'Update Transaction' }).click()
    await expect(edit).toBeHidden()
    const offer = page.getByRole('alertdialog', { name: 'Make a rule?' })
    await expect(offer).toContainText('Always categorise "Green Grocer" as Coffee & Snacks?')
    await shot(page, 'rule-offer', { fullPage: false })
    await offer.getByRole('button', { name: 'Create rule' }).click()
    const rule = page.getByRole('dialog', { name: 'Add Rule' })
    await expect(rule.getByLabel('Text to match')).toHaveValue('Green Grocer')
    await expect(rule.getByLabel('Category')).toHaveValue(api.categoryId('Coffee & Snacks'))
    await rule.getByRole('button', { name: 'Create Rule' }).click()
    await expect(rule).toBeHidden()
  })

  await test.step('the rule is listed on /settings/rules', async () => {
    await page.goto('/settings/rules')
    const row = page.getByTestId('rule-row')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('"Green Grocer"')
    await expect(row).toContainText('Coffee & Snacks')
    await expectNoAxeViolations(page, '/settings/rules')
    await shot(page, 'rules')
  })

  await test.step('undoing the second import leaves the first one', async () => {
    await page.goto('/import')
    const newest = page.getByTestId('past-import').first()
    await expect(newest).toContainText('monzo-overlap-b.csv')
    await newest.getByRole('button', { name: /^Undo import of/ }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Undo import' })
    await confirm.getByRole('button', { name: 'Undo import' }).click()
    await expect(notice(page, 'Import undone')).toBeVisible()
    await expect(page.getByTestId('past-import')).toHaveCount(1)
    await page.goto('/transactions')
    await expect(page.getByTestId('tile-Transactions')).toContainText('4')
  })

  await test.step('Export CSV downloads what the list shows', async () => {
    await page.goto('/transactions')
    await expect(page.getByTestId('tile-Transactions')).toContainText('4')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`myspending-transactions-${londonDay(0)}.csv`)
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split(/\r?\n/)
    expect(lines[0]).toBe('Date,Description,Amount,Type,Category,Account,Notes,Transfer')
    expect(lines).toHaveLength(1 + 4)
    const grocer = lines.find((l) => l.includes('Green Grocer'))
    expect(grocer).toContain(`${fixtureDate('monzo-overlap-a.csv', 'Green Grocer')},Green Grocer,-15.40,expense,Coffee & Snacks,Monzo Current`)
    await expect(page.getByText('Green Grocer').first()).toBeVisible()
  })
}
