import { readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { expect, type APIRequestContext, type Locator, type Page, test } from '@playwright/test'

import { expectNoAxeViolations } from './axe'
import { AccountsScreen, londonDay, sessionApi, signUpFreshUser, TransactionScreen, TransactionsScreen } from './ledger'
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
  readonly fileInput: Locator
  readonly account: Locator
  /** The bank preset the file was recognised as ('Monzo CSV'). */
  readonly preset: Locator
  readonly previewRows: Locator
  readonly result: Locator
  readonly importAnother: Locator
  readonly viewTransactions: Locator
  readonly noImportsYet: Locator
  /** The list of earlier imports, newest first. */
  readonly pastImports: Locator
  readonly undoDialog: Locator

  constructor(readonly page: Page) {
    this.fileInput = page.getByLabel('Statement file')
    this.account = page.getByRole('combobox', { name: 'Account', exact: true })
    this.preset = page.getByTestId('preset')
    this.previewRows = page.getByTestId('preview-row')
    this.result = page.getByTestId('import-result')
    this.importAnother = page.getByRole('button', { name: 'Import another statement' })
    this.viewTransactions = page.getByRole('link', { name: 'View transactions' })
    this.noImportsYet = page.getByText('No statements imported yet.')
    this.pastImports = page.getByTestId('past-import')
    this.undoDialog = page.getByRole('alertdialog', { name: 'Undo import' })
  }

  async choose(path: string) {
    await this.fileInput.setInputFiles(path)
    await expect(this.counts()).toBeVisible()
  }

  counts() {
    return this.page.getByTestId('preview-counts')
  }

  row(text: string) {
    return this.previewRows.filter({ hasText: text })
  }

  async commit(label: string, result: string) {
    await this.page.getByRole('button', { name: label }).click()
    await expect(this.result).toHaveText(result, { timeout: 20_000 })
  }

  /** Undoes an earlier import (its entry of the list) and confirms. */
  async undo(entry: Locator) {
    await entry.getByRole('button', { name: /^Undo import of/ }).click()
    await this.undoDialog.getByRole('button', { name: 'Undo import' }).click()
  }
}

/** 'Make a rule?', offered after a recategorised imported row, and the 'Add Rule' dialog it opens. */
export class RuleOffer {
  readonly root: Locator
  readonly createRule: Locator
  readonly ruleDialog: Locator
  readonly textToMatch: Locator
  readonly category: Locator
  readonly saveRule: Locator

  constructor(page: Page) {
    this.root = page.getByRole('alertdialog', { name: 'Make a rule?' })
    this.createRule = this.root.getByRole('button', { name: 'Create rule' })
    this.ruleDialog = page.getByRole('dialog', { name: 'Add Rule' })
    this.textToMatch = this.ruleDialog.getByLabel('Text to match')
    this.category = this.ruleDialog.getByLabel('Category')
    this.saveRule = this.ruleDialog.getByRole('button', { name: 'Create Rule' })
  }
}

/** Page object of /settings/rules. */
export class RulesScreen {
  readonly rows: Locator

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('rule-row')
  }

  async open() {
    await this.page.goto('/settings/rules')
  }
}

/** The journey of issue 16 at the page's width: import, re-import an overlap, rule, export, undo. */
export async function importJourney(page: Page, request: APIRequestContext, email: string) {
  const phone = (page.viewportSize()?.width ?? 0) < 800
  await signUpFreshUser(page, request, 'Imogen Import', email)
  const api = await sessionApi(page, request)
  await api.post('/accounts', { name: 'Monzo Current', type: 'current', initialBalance: '100.00' })
  const imports = new ImportScreen(page)
  const accounts = new AccountsScreen(page)
  const tx = new TransactionsScreen(page)

  await test.step('the account card opens the import for that account', async () => {
    await accounts.open()
    await accounts.act('Monzo Current', 'Import Statement')
    await expect(page).toHaveURL(/\/import\?accountId=/)
    await expect(imports.account).toHaveValue(/.+/)
    await expect(imports.noImportsYet).toBeVisible()
  })

  await test.step('the first statement: four new rows, imported', async () => {
    await imports.choose(fixture('monzo-overlap-a.csv'))
    await expect(imports.preset).toHaveText('Monzo CSV')
    await expect(imports.counts()).toHaveText('4 new, 0 already there')
    await expect(imports.previewRows).toHaveCount(4)
    await expect(imports.row('Green Grocer')).toContainText('-£15.40')
    await shot(page, 'import-preview-a')
    await imports.commit('Import 4 transactions', '4 added, 0 already there')
  })

  await test.step('the overlapping statement: the overlap is already there, only new rows go in', async () => {
    await imports.importAnother.click()
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
    await expect(imports.pastImports).toHaveCount(2)
    await shot(page, 'import-result')
  })

  await test.step('recategorising an imported row offers a rule, which is made', async () => {
    await imports.viewTransactions.click()
    await expect(tx.heading).toBeVisible()
    if (phone) {
      await tx.phoneRow('Green Grocer').click()
      await new TransactionScreen(page).act('Edit Transaction')
    } else {
      await tx.editButton('Green Grocer').click()
    }
    const edit = tx.editDialog
    await edit.category.selectOption({ label: 'Coffee & Snacks' })
    await edit.submit.click()
    await expect(edit.root).toBeHidden()
    const offer = new RuleOffer(page)
    await expect(offer.root).toContainText('Always categorise "Green Grocer" as Coffee & Snacks?')
    await shot(page, 'rule-offer', { fullPage: false })
    await offer.createRule.click()
    await expect(offer.textToMatch).toHaveValue('Green Grocer')
    await expect(offer.category).toHaveValue(api.categoryId('Coffee & Snacks'))
    await offer.saveRule.click()
    await expect(offer.ruleDialog).toBeHidden()
  })

  await test.step('the rule is listed on /settings/rules', async () => {
    const rules = new RulesScreen(page)
    await rules.open()
    const row = rules.rows
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('"Green Grocer"')
    await expect(row).toContainText('Coffee & Snacks')
    await expectNoAxeViolations(page, '/settings/rules')
    await shot(page, 'rules')
  })

  await test.step('undoing the second import leaves the first one', async () => {
    await page.goto('/import')
    const newest = imports.pastImports.first()
    await expect(newest).toContainText('monzo-overlap-b.csv')
    await imports.undo(newest)
    await expect(notice(page, 'Import undone')).toBeVisible()
    await expect(imports.pastImports).toHaveCount(1)
    await tx.open()
    await expect(tx.summary('Transactions')).toContainText('4')
  })

  await test.step('Export CSV downloads what the list shows', async () => {
    await tx.open()
    await expect(tx.summary('Transactions')).toContainText('4')
    const [download] = await Promise.all([page.waitForEvent('download'), tx.startExport()])
    expect(download.suggestedFilename()).toBe(`myspending-transactions-${londonDay(0)}.csv`)
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.trim().split(/\r?\n/)
    expect(lines[0]).toBe('Date,Description,Amount,Type,Category,Account,Notes,Transfer,Tags')
    expect(lines).toHaveLength(1 + 4)
    const grocer = lines.find((l) => l.includes('Green Grocer'))
    expect(grocer).toContain(`${fixtureDate('monzo-overlap-a.csv', 'Green Grocer')},Green Grocer,-15.40,expense,Coffee & Snacks,Monzo Current`)
    await expect(tx.phoneRow('Green Grocer').or(tx.row('Green Grocer')).first()).toBeVisible()
  })
}
