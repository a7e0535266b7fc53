import { expect, type Locator, type Page } from '@playwright/test'

/** Page object of /security: the two-factor card with its dialogs, and the signed-in devices. */
export class SecurityScreen {
  readonly heading: Locator
  readonly twoFactorCard: Locator
  readonly turnOn: Locator
  readonly turnOff: Locator
  /** 'Turn on two-factor authentication', all three steps. */
  readonly enrolDialog: Locator
  readonly qrCode: Locator
  /** The setup key, in groups of four. */
  readonly setupKey: Locator
  readonly next: Locator
  readonly code: Locator
  readonly confirm: Locator
  readonly recoveryCodes: Locator
  readonly download: Locator
  readonly savedCodes: Locator
  readonly devices: Locator
  readonly deviceRows: Locator
  readonly signOutAllOthers: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Security', level: 1 })
    this.twoFactorCard = page.getByRole('region', { name: 'Two-factor authentication' })
    this.turnOn = this.twoFactorCard.getByRole('button', { name: 'Turn on' })
    this.turnOff = this.twoFactorCard.getByRole('button', { name: 'Turn off' })
    this.enrolDialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' })
    this.qrCode = this.enrolDialog.getByRole('img', { name: 'QR code to scan with your authenticator app' })
    this.setupKey = this.enrolDialog.getByTestId('setup-key')
    this.next = this.enrolDialog.getByRole('button', { name: 'Next' })
    this.code = this.enrolDialog.getByLabel('Authentication code', { exact: true })
    this.confirm = this.enrolDialog.getByRole('button', { name: 'Confirm' })
    this.recoveryCodes = this.enrolDialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    this.download = this.enrolDialog.getByRole('button', { name: 'Download' })
    this.savedCodes = this.enrolDialog.getByRole('button', { name: 'I have saved these codes' })
    this.devices = page.getByRole('region', { name: 'Signed-in devices' })
    this.deviceRows = this.devices.getByTestId('device-row')
    this.signOutAllOthers = this.devices.getByRole('button', { name: 'Sign out all other devices' })
  }

  async open() {
    await this.page.goto('/security')
    await expect(this.heading).toBeVisible()
  }

  /** A device's row, by what the list calls it ('Safari on iPhone'). */
  device(name: string) {
    return this.deviceRows.filter({ hasText: name })
  }

  /** The row's Sign out button of a device that is not this one. */
  signOut(name: string) {
    return this.devices.getByRole('button', { name: `Sign out ${name}` })
  }
}

/** The login page's second step, when two-factor sign-in is on. */
export class TwoFactorStep {
  readonly heading: Locator
  readonly code: Locator
  readonly recoveryCode: Locator
  readonly useRecoveryCode: Locator
  readonly verify: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Two-factor authentication' })
    this.code = page.getByLabel('Authentication code', { exact: true })
    this.recoveryCode = page.getByLabel('Recovery code', { exact: true })
    this.useRecoveryCode = page.getByRole('button', { name: 'Use a recovery code instead' })
    this.verify = page.getByRole('button', { name: 'Verify' })
  }
}
