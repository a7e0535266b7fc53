import { expect, type Locator, type Page, test } from '@playwright/test'

import { expectNoAxeViolations } from './support/axe'
import { londonDay, MONTHS, sessionApi, signUpFreshUser, TransactionsScreen, ukDate } from './support/ledger'

// An American browser: a native date input would show and take 11/23/2026.
test.use({ locale: 'en-US' })

const shots = `${process.env.E2E_ARTIFACTS ?? 'test-results'}/screenshots`
const ACCOUNT = 'Dates Everyday'
const ACCOUNT_OPTION = `${ACCOUNT} (Current Account)`

/** The `YYYY-MM-DD` day `day` of the month `monthsBack` months before London's current one. */
function dayOfMonthBefore(monthsBack: number, day: number): string {
  const [y, m] = londonDay(0).split('-').map(Number)
  const month = new Date(Date.UTC(y!, m! - 1 - monthsBack, day))
  return month.toISOString().slice(0, 10)
}

/** '15 October 2026', as the calendar names a day (en-GB). */
function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return `${d} ${MONTHS[m! - 1]} ${y}`
}

/** The heading of the calendar's day view: 'November 2026'. */
function shownMonth(calendar: Locator) {
  return calendar.getByRole('button', { name: /switch to month view/i })
}

/** The viewport as it is (the dialog is fixed, so not the full page). */
async function shotViewport(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0
  await page.screenshot({ path: `${shots}/${name}-${width}.png` })
}

for (const width of [1440, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 812 : 900 } })

    test('dates are shown, typed and picked as dd/MM/yyyy in an American browser', async ({ page, request }) => {
      await signUpFreshUser(page, request, 'Dee Dates', `dee.dates.${width}.${Date.now()}@e2e.test`)
      expect(await page.evaluate(() => navigator.language)).toBe('en-US')
      const api = await sessionApi(page, request)
      await api.post('/accounts', { name: ACCOUNT, type: 'current', initialBalance: '500.00' })

      const today = londonDay(0)
      // Days after the 12th, which no American reading could take for a month.
      const typed = dayOfMonthBefore(2, 20)
      const picked = dayOfMonthBefore(1, 15)

      const tx = new TransactionsScreen(page)
      await tx.open()

      // Typed: the field starts on today, dd/MM/yyyy, and takes a typed British date.
      await tx.chooseAdd('Add Transaction')
      const first = page.getByRole('dialog', { name: 'Add Transaction' })
      await expect(first.getByLabel('Date', { exact: true })).toHaveValue(ukDate(today))
      await tx.fillTransaction(first, {
        type: 'Expense',
        amount: '20.00',
        description: 'Typed date',
        category: 'Groceries',
        account: ACCOUNT_OPTION,
      })
      // Nonsense first: the field says how to write a date.
      await first.getByLabel('Date', { exact: true }).fill('31/02/2026')
      await first.getByLabel('Date', { exact: true }).blur()
      await expect(first.getByText('Enter a date as dd/mm/yyyy')).toBeVisible()
      // Then the date without leading zeros: shown back in full once the field is left.
      const [ty, tm, td] = typed.split('-').map(Number)
      await first.getByLabel('Date', { exact: true }).fill(`${td}/${tm}/${ty}`)
      await first.getByLabel('Notes').fill('')
      await expect(first.getByLabel('Date', { exact: true })).toHaveValue(ukDate(typed))
      await expect(first.getByText('Enter a date as dd/mm/yyyy')).toHaveCount(0)
      await first.getByRole('button', { name: 'Add Transaction' }).click()
      await expect(first).toBeHidden()

      // Picked: the calendar opens on today's month, Monday first, with today marked.
      await tx.chooseAdd('Add Transaction')
      const second = page.getByRole('dialog', { name: 'Add Transaction' })
      await tx.fillTransaction(second, {
        type: 'Income',
        amount: '35.50',
        description: 'Picked date',
        category: 'Other Income',
        account: ACCOUNT_OPTION,
      })
      await second.getByRole('button', { name: 'Choose date' }).click()
      const calendar = page.getByRole('application', { name: 'Calendar for date' })
      await expect(calendar).toBeVisible()
      const [y, m] = today.split('-').map(Number)
      await expect(shownMonth(calendar)).toHaveText(`${MONTHS[m! - 1]} ${y}`)
      await expect(calendar.locator('[data-view=day] thead th')).toHaveText(['M', 'T', 'W', 'T', 'F', 'S', 'S'])
      await expect(calendar.locator('[aria-current=date]')).toHaveCount(1)
      await expect(calendar.getByRole('button', { name: new RegExp(`${longDay(today)}$`) })).toHaveAttribute('data-today', '')
      // The calendar sits whole inside the window.
      const box = (await calendar.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      expect(box.y + box.height).toBeLessThanOrEqual(width < 800 ? 812 : 900)
      await expectNoAxeViolations(page, 'the add-transaction dialog with the calendar open')
      await shotViewport(page, 'date-picker-dialog')

      // Escape closes only the calendar and gives the focus back to its button.
      await page.keyboard.press('Escape')
      await expect(calendar).toBeHidden()
      await expect(second).toBeVisible()
      await expect(second.getByRole('button', { name: 'Choose date' })).toBeFocused()

      await second.getByRole('button', { name: 'Choose date' }).click()
      await calendar.getByRole('button', { name: /previous month/i }).click()
      await calendar.getByRole('button', { name: new RegExp(`${longDay(picked)}$`) }).click()
      await expect(calendar).toBeHidden()
      await expect(second.getByLabel('Date', { exact: true })).toHaveValue(ukDate(picked))
      await second.getByRole('button', { name: 'Add Transaction' }).click()
      await expect(second).toBeHidden()

      if (width >= 800) {
        // The desktop table shows the dates as dd/MM/yyyy.
        await expect(tx.row('Typed date')).toContainText(ukDate(typed))
        await expect(tx.row('Picked date')).toContainText(ukDate(picked))
      } else {
        // The phone list heads each day the British way ('Monday, 20 October'), and the detail page shows dd/MM/yyyy.
        const heading = (day: string) => {
          const [, mm, dd] = day.split('-').map(Number)
          return new RegExp(`, ${dd} ${MONTHS[mm! - 1]}`)
        }
        await expect(page.getByRole('region', { name: heading(typed) })).toContainText('Typed date')
        await expect(page.getByRole('region', { name: heading(picked) })).toContainText('Picked date')
        await page.getByTestId('transaction-row').filter({ hasText: 'Picked date' }).click()
        await expect(page.getByRole('heading', { name: 'Picked date' })).toBeVisible()
        await expect(page.getByText(ukDate(picked)).first()).toBeVisible()
        await tx.open()
      }

      // The filter's dates are typed the same way, and go to the URL as YYYY-MM-DD.
      await tx.openFilters()
      await page.getByLabel('Start Date', { exact: true }).fill(ukDate(picked))
      await page.getByLabel('Start Date', { exact: true }).press('Enter')
      await expect(page).toHaveURL(new RegExp(`startDate=${picked}`))
      await expect(page.getByTestId('tile-Transactions')).toHaveText('1')
      await page.getByRole('button', { name: 'Choose end date' }).click()
      const endCalendar = page.getByRole('application', { name: 'Calendar for end date' })
      await expect(endCalendar).toBeVisible()
      await shotViewport(page, 'date-picker-filter')
      await endCalendar.getByRole('button', { name: new RegExp(`${longDay(today)}$`) }).click()
      await expect(page).toHaveURL(new RegExp(`endDate=${today}`))
      await expect(page.getByLabel('End Date', { exact: true })).toHaveValue(ukDate(today))
    })
  })
}
