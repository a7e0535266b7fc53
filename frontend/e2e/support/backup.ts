import type { Locator, Page } from '@playwright/test'

/** Page object of /settings/backup: download a zip of the household, or restore one into an empty account. */
export class BackupScreen {
  readonly heading: Locator
  readonly includePhotos: Locator
  readonly download: Locator
  readonly file: Locator
  readonly fileName: Locator
  readonly restore: Locator
  readonly confirm: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Backup and restore', level: 1 })
    this.includePhotos = page.getByRole('checkbox', { name: 'Include item photos' })
    this.download = page.getByRole('button', { name: 'Download backup' })
    this.file = page.getByLabel('Backup file')
    this.fileName = page.getByTestId('backup-file-name')
    this.restore = page.getByRole('button', { name: 'Restore from backup' })
    this.confirm = page.getByRole('alertdialog', { name: 'Restore from backup' })
  }

  /** Chooses the zip, asks to restore it and answers the confirmation's Restore. */
  async restoreFrom(zipPath: string) {
    await this.file.setInputFiles(zipPath)
    await this.restore.click()
    await this.confirm.getByRole('button', { name: 'Restore' }).click()
  }
}
