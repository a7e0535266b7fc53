import { expect, type Page, test } from './support/test'

import { expectNoAxeViolations } from './support/axe'
import { Calendar } from './support/calendar'
import { londonDay, MONTHS, sessionApi, signUpFreshUser, TransactionScreen, TransactionsScreen, ukDate } from './support/ledger'

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
      const first = tx.addDialog
      await expect(first.date).toHaveValue(ukDate(today))
      await first.fill({
        type: 'Expense',
        amount: '20.00',
        description: 'Typed date',
        category: 'Groceries',
        account: ACCOUNT_OPTION,
      })
      // Nonsense first: the field says how to write a date.
      await first.date.fill('31/02/2026')
      await first.date.blur()
      await expect(first.root.getByText('Enter a date as dd/mm/yyyy')).toBeVisible()
      // Then the date without leading zeros: shown back in full once the field is left.
      const [ty, tm, td] = typed.split('-').map(Number)
      await first.date.fill(`${td}/${tm}/${ty}`)
      await first.notes.fill('')
      await expect(first.date).toHaveValue(ukDate(typed))
      await expect(first.root.getByText('Enter a date as dd/mm/yyyy')).toHaveCount(0)
      await first.submit.click()
      await expect(first.root).toBeHidden()

      // Picked: the calendar opens on today's month, Monday first, with today marked.
      await tx.chooseAdd('Add Transaction')
      const second = tx.addDialog
      await second.fill({
        type: 'Income',
        amount: '35.50',
        description: 'Picked date',
        category: 'Other Income',
        account: ACCOUNT_OPTION,
      })
      await second.chooseDate.click()
      const picker = new Calendar(page, 'date')
      const calendar = picker.root
      await expect(calendar).toBeVisible()
      const [y, m] = today.split('-').map(Number)
      await expect(picker.shownMonth).toHaveText(`${MONTHS[m! - 1]} ${y}`)
      await expect(picker.weekdays).toHaveText(['M', 'T', 'W', 'T', 'F', 'S', 'S'])
      await expect(picker.today).toHaveCount(1)
      await expect(picker.day(today)).toHaveAttribute('data-today', '')
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
      await expect(second.root).toBeVisible()
      await expect(second.chooseDate).toBeFocused()

      await second.chooseDate.click()
      await picker.previousMonth.click()
      await picker.day(picked).click()
      await expect(calendar).toBeHidden()
      await expect(second.date).toHaveValue(ukDate(picked))
      await second.submit.click()
      await expect(second.root).toBeHidden()

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
        await expect(tx.day(heading(typed))).toContainText('Typed date')
        await expect(tx.day(heading(picked))).toContainText('Picked date')
        await tx.phoneRow('Picked date').click()
        await expect(new TransactionScreen(page).heading('Picked date')).toBeVisible()
        await expect(new TransactionScreen(page).shows(ukDate(picked))).toBeVisible()
        await tx.open()
      }

      // The filter's dates are typed the same way, and go to the URL as YYYY-MM-DD.
      await tx.openFilters()
      await tx.startDateFilter.fill(ukDate(picked))
      await tx.startDateFilter.press('Enter')
      await expect(page).toHaveURL(new RegExp(`startDate=${picked}`))
      await expect(tx.summary('Transactions')).toHaveText('1')
      await tx.chooseEndDate.click()
      const endCalendar = new Calendar(page, 'end date')
      await expect(endCalendar.root).toBeVisible()
      await shotViewport(page, 'date-picker-filter')
      await endCalendar.day(today).click()
      await expect(page).toHaveURL(new RegExp(`endDate=${today}`))
      await expect(tx.endDateFilter).toHaveValue(ukDate(today))
    })
  })
}
