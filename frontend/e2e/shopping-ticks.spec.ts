import { expect, test } from './support/test'

import { AcceptInvitationScreen, HouseholdScreen } from './support/household'
import { InventoryScreen, ShoppingListScreen } from './support/inventory'
import { sessionApi, signUpFreshUser } from './support/ledger'
import { waitForLink } from './support/mail'
import { AppShell } from './support/shell'
import { shotBothFromTop } from './support/shots'
import { notice } from './support/users'

const stamp = Date.now()
const owner = { name: 'Olive Owner', email: `olive.ticks.${stamp}@e2e.test` }
const partner = { name: 'Pat Partner', email: `pat.ticks.${stamp}@e2e.test` }
const householdName = `${owner.name}'s household`

/** The small line under an entry's name saying which other member ticked it. */
const tickedBy = (list: ShoppingListScreen, name: string) => list.entry(name).root.getByTestId('ticked-by')

/** Waits for the shopping list's own refresh (no reload), a little longer than its 5 s. */
const LIVE = { timeout: 12_000 }

test("what the partner ticks in the shop the owner sees ticked at home without a reload, and the trip the owner completes restocks the partner's cupboard", async ({
  page,
  browser,
  request,
}) => {
  const ownerList = new ShoppingListScreen(page)

  await test.step('the owner has an account and two items running out, and invites the partner', async () => {
    await signUpFreshUser(page, request, owner.name, owner.email)
    const api = await sessionApi(page, request)
    await api.post('/accounts', { name: 'Joint Current', type: 'current', initialBalance: '500.00' })
    const item = (name: string, category: string, price: string) => ({
      name,
      category,
      brand: '',
      currentStock: 0,
      defaultNeeded: 2,
      lastPrice: price,
      preferredStore: 'Tesco',
      unit: 'pieces',
      type: 'Food',
    })
    await api.post('/inventory-items', item('Semi-skimmed milk', 'Dairy', '1.15'))
    await api.post('/inventory-items', item('Sourdough loaf', 'Bakery', '2.50'))
    await new AppShell(page).chooseFromAccountMenu('Household')
    const household = new HouseholdScreen(page)
    await expect(household.heading).toBeVisible()
    await household.invite(partner.email)
    await expect(notice(page, `Invitation sent to ${partner.email}`)).toBeVisible()
  })

  // The partner in the shop, on a phone of their own: a second browser context.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  })
  const pat = await phone.newPage()
  const patList = new ShoppingListScreen(pat)

  await test.step('the partner registers and joins from the e-mailed link', async () => {
    await signUpFreshUser(pat, phone.request, partner.name, partner.email)
    const link = await waitForLink(partner.email, 'accept-invitation')
    await pat.goto(link.path)
    const accept = new AcceptInvitationScreen(pat)
    await expect(accept.heading).toBeVisible()
    await accept.join.click()
    await expect(notice(pat, `You joined ${householdName}`)).toBeVisible()
  })

  await test.step('both open the shopping list: nothing is ticked', async () => {
    await ownerList.open()
    await patList.open()
    for (const list of [ownerList, patList]) {
      await expect(list.entries).toHaveCount(2)
      await expect(list.entry('Semi-skimmed milk').buy).not.toBeChecked()
      await expect(list.entry('Sourdough loaf').buy).not.toBeChecked()
    }
  })

  await test.step('the partner ticks the milk; it is ticked on their phone at once, not named to them', async () => {
    await patList.entry('Semi-skimmed milk').buy.check({ force: true })
    await expect(patList.entry('Semi-skimmed milk').buy).toBeChecked()
    await expect(tickedBy(patList, 'Semi-skimmed milk')).toHaveCount(0)
    await expect(patList.complete(1, '£2.30')).toBeVisible()
  })

  await test.step('the owner sees it ticked by the partner within seconds, without reloading', async () => {
    await expect(ownerList.entry('Semi-skimmed milk').buy).toBeChecked(LIVE)
    await expect(tickedBy(ownerList, 'Semi-skimmed milk')).toHaveText(`Ticked by ${partner.name}`)
    await expect(ownerList.entry('Sourdough loaf').buy).not.toBeChecked()
    await expect(ownerList.complete(1, '£2.30')).toBeVisible()
    await shotBothFromTop(page, 'shopping-ticks-owner')
    await shotBothFromTop(pat, 'shopping-ticks-partner')
  })

  await test.step('the owner completes the trip', async () => {
    await ownerList.complete(1, '£2.30').click()
    await expect(ownerList.trip.root).toBeVisible()
    await ownerList.trip.account.selectOption({ index: 1 })
    await ownerList.trip.completePurchase.click()
    await expect(page).toHaveURL(/\/transactions$/)
    await expect(page.getByRole('row', { name: /Shopping: Tesco/ })).toContainText('-£2.30')
  })

  await test.step("the bought milk leaves the partner's list by itself, and their inventory shows it restocked", async () => {
    await expect(patList.entries).toHaveCount(1, LIVE)
    await expect(patList.entry('Sourdough loaf').buy).not.toBeChecked()
    const inventory = new InventoryScreen(pat)
    await inventory.open()
    await expect(inventory.stockChip('Semi-skimmed milk')).toContainText('2')
    await expect(inventory.stockChip('Sourdough loaf')).toContainText('0')
  })

  await phone.close()
})
