import type { Locator, Page } from '@playwright/test'

/** Page object of /settings/household: the name (its owner renames it) and the members. */
export class HouseholdScreen {
  readonly heading: Locator
  readonly name: Locator
  readonly save: Locator
  readonly members: Locator

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Household', level: 1 })
    this.name = page.getByLabel('Household name')
    this.save = page.getByRole('button', { name: 'Save' })
    this.members = page.getByTestId('household-member')
  }
}
