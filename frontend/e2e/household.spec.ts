import { expect, test } from './support/test'

import { HouseholdScreen } from './support/household'
import { signUpFreshUser } from './support/ledger'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'

const email = `hana.${Date.now()}@e2e.test`

test("a new user owns a household of one, named after them, and renames it", async ({ page, request }) => {
  await signUpFreshUser(page, request, 'Hana Home', email)
  const shell = new AppShell(page)
  await shell.accountMenu.click()
  await shell.menu.getByRole('menuitem', { name: 'Household' }).click()
  const household = new HouseholdScreen(page)
  await expect(household.heading).toBeVisible()
  await expect(page).toHaveURL(/\/settings\/household$/)
  await expect(household.name).toHaveValue("Hana Home's household")
  await expect(household.members).toHaveCount(1)
  await expect(household.members.first()).toContainText('Hana Home (you)')
  await expect(household.members.first()).toContainText('Owner')

  await household.name.fill('  The Homes ')
  await household.save.click()
  await expect(page.getByText('Household renamed')).toBeVisible()
  await page.reload()
  await expect(household.name).toHaveValue('The Homes')
  await shotBothFromTop(page, 'household')
})
