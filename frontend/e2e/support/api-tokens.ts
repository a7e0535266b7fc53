import { expect, type Locator, type Page } from '@playwright/test'

/** Profile → API tokens (/settings/api-tokens) and its create dialog. */
export class ApiTokensScreen {
  readonly heading: Locator
  readonly create: Locator
  readonly rows: Locator
  readonly dialog: Locator
  readonly name: Locator
  readonly access: Locator
  readonly submit: Locator
  readonly shown: Locator
  readonly secret: Locator
  readonly copy: Locator
  readonly done: Locator
  readonly confirm: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'API tokens' })
    this.create = page.getByRole('button', { name: 'Create token' })
    this.rows = page.getByTestId('token-row')
    this.dialog = page.getByRole('dialog', { name: 'Create API token' })
    this.name = this.dialog.getByLabel('Name')
    this.access = this.dialog.getByLabel('Access')
    this.submit = this.dialog.getByRole('button', { name: 'Create token' })
    this.shown = page.getByRole('dialog', { name: 'Token created' })
    this.secret = this.shown.getByTestId('new-token')
    this.copy = this.shown.getByRole('button', { name: 'Copy' })
    this.done = this.shown.getByRole('button', { name: 'Done' })
    this.confirm = page.getByRole('alertdialog', { name: 'Revoke token' })
  }

  /** Makes a token through the dialog and answers its secret, as shown once. */
  async add(name: string, access: 'Read-only' | 'Read and write'): Promise<string> {
    await this.create.click()
    await this.name.fill(name)
    await this.access.selectOption({ label: access })
    await this.submit.click()
    await expect(this.secret).toBeVisible()
    return ((await this.secret.textContent()) ?? '').trim()
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name })
  }

  async revoke(name: string) {
    await this.page.getByRole('button', { name: `Revoke ${name}` }).click()
    await this.confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(this.row(name)).toHaveCount(0)
  }
}

/** /docs: Swagger UI's reference, driven through its own controls. */
export class DocsScreen {
  readonly heading: Locator
  readonly ui: Locator
  readonly authorize: Locator
  readonly authDialog: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'API reference' })
    this.ui = page.locator('.swagger-ui')
    this.authorize = this.ui.locator('.scheme-container button.authorize')
    this.authDialog = this.ui.locator('.dialog-ux .modal-ux')
  }

  /** Authorize: pastes the token as the bearer value and closes the dialog. */
  async useToken(token: string) {
    await this.authorize.click()
    await this.authDialog.locator('input').first().fill(token)
    await this.authDialog.locator('.auth-btn-wrapper button.authorize').click()
    await this.authDialog.locator('.auth-btn-wrapper button.btn-done, .auth-btn-wrapper button.close-modal').first().click()
    await expect(this.authDialog).toBeHidden()
  }

  /** The operation's block, its tag's section opened first. */
  async open(tag: string, operationId: string): Promise<Locator> {
    const block = this.ui.locator(`#operations-${tag}-${operationId}`)
    if (!(await block.isVisible())) await this.ui.locator(`#operations-tag-${tag}`).click()
    await block.locator('.opblock-summary').first().click()
    return block
  }

  /** Try it out, Execute, and the response's code and body. */
  async execute(block: Locator, body?: string): Promise<{ status: string; text: string }> {
    await block.locator('.try-out__btn').click()
    if (body !== undefined) await block.locator('textarea.body-param__text').fill(body)
    await block.locator('button.execute').click()
    const live = block.locator('.live-responses-table .response').first()
    await expect(live).toBeVisible({ timeout: 15_000 })
    const status = ((await live.locator('.response-col_status').textContent()) ?? '').trim()
    const text = (await live.locator('.response-col_description').textContent()) ?? ''
    return { status, text }
  }
}
