import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { DATE_UNREADABLE, DateField } from './date-field'

type HarnessProps = {
  initial?: string
  onDay?: (day: string) => void
  error?: string
  max?: string
}

/** The field with its value kept in state, as a form would. */
function Harness({ initial = '', onDay = () => {}, error, max }: HarnessProps) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField
        label="Date"
        value={value}
        onChange={(day) => {
          onDay(day)
          setValue(day)
        }}
        error={error}
        max={max}
      />
      <output aria-label="Form value">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  )
}

function setup(props: HarnessProps = {}) {
  const onDay = vi.fn()
  const view = renderWithProviders(<Harness onDay={onDay} {...props} />)
  const input = screen.getByLabelText('Date')
  const formValue = () => screen.getByLabelText('Form value').textContent
  return { ...view, input, onDay, formValue }
}

/** The heading of the calendar's day view (the month and year views stay hidden). */
function shownMonth(calendar: HTMLElement) {
  return within(calendar).getByRole('button', { name: /switch to month view/i }).textContent
}

afterEach(() => {
  vi.useRealTimers()
})

/** The calendar button, once the lazily loaded calendar has replaced its placeholder. */
async function calendarButton() {
  const button = () => screen.getByRole('button', { name: 'Choose date' })
  await waitFor(() => expect(button()).toBeEnabled())
  return button()
}

describe('DateField', () => {
  it('shows a YYYY-MM-DD value as dd/MM/yyyy', () => {
    const { input } = setup({ initial: '2026-11-23' })
    expect(input).toHaveValue('23/11/2026')
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy')
  })

  it('turns typed British text into a YYYY-MM-DD value when the field is left', async () => {
    const { user, input, onDay, formValue } = setup()
    await user.type(input, '23/11/2026')
    // Nothing is sent while typing.
    expect(onDay).not.toHaveBeenCalled()
    await user.tab()
    expect(onDay).toHaveBeenCalledExactlyOnceWith('2026-11-23')
    expect(formValue()).toBe('2026-11-23')
    expect(input).toHaveValue('23/11/2026')
  })

  it.each([
    ['3/1/2026', '03/01/2026', '2026-01-03'],
    ['03-01-2026', '03/01/2026', '2026-01-03'],
    ['03.01.2026', '03/01/2026', '2026-01-03'],
    [' 7/12/2025 ', '07/12/2025', '2025-12-07'],
  ])('normalises %j to %s on blur', async (typed, shown, day) => {
    const { user, input, formValue } = setup()
    await user.type(input, typed)
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(input).toHaveValue(shown)
    expect(formValue()).toBe(day)
  })

  it('settles on Enter, before a form would submit', async () => {
    const { user, input, formValue } = setup()
    await user.type(input, '5/6/2026{Enter}')
    expect(formValue()).toBe('2026-06-05')
    expect(input).toHaveValue('05/06/2026')
  })

  it.each(['31/02/2026', 'next tuesday', '11/23/2026'])(
    'says %j is not a date, and clears the value',
    async (typed) => {
      const { user, input, onDay, formValue } = setup({ initial: '2026-11-01' })
      await user.clear(input)
      await user.type(input, typed)
      await user.tab()
      expect(onDay).toHaveBeenLastCalledWith('')
      expect(formValue()).toBe('')
      // The text stays for the user to correct.
      expect(input).toHaveValue(typed)
      expect(screen.getByText(DATE_UNREADABLE)).toBeInTheDocument()
      expect(input).toHaveAttribute('aria-invalid', 'true')

      // The message goes while the text is being corrected, and does not come back for a real date.
      await user.type(input, '{Backspace}')
      expect(screen.queryByText(DATE_UNREADABLE)).not.toBeInTheDocument()
      await user.clear(input)
      await user.type(input, '28/02/2026')
      await user.tab()
      expect(screen.queryByText(DATE_UNREADABLE)).not.toBeInTheDocument()
      expect(formValue()).toBe('2026-02-28')
    },
  )

  it("shows the form's own message, and leaves an empty field empty", async () => {
    const { user, input, onDay } = setup({ error: 'Date is required' })
    expect(screen.getByText('Date is required')).toBeInTheDocument()
    await user.click(input)
    await user.tab()
    expect(onDay).not.toHaveBeenCalled()
    expect(screen.getByText('Date is required')).toBeInTheDocument()
    expect(screen.queryByText(DATE_UNREADABLE)).not.toBeInTheDocument()
  })

  it('sets the value from a day picked in the calendar, Monday first with British names', async () => {
    const { user, input, formValue } = setup({ initial: '2026-11-10' })
    await user.click(await calendarButton())
    const calendar = await screen.findByRole('application', { name: 'Calendar for date' })
    expect(shownMonth(calendar)).toBe('November 2026')
    const weekdays = [...calendar.querySelectorAll('[data-view=day] thead th')].map((h) => h.textContent)
    expect(weekdays.join('')).toBe('MTWTFSS')
    // 1 November 2026 is a Sunday: the last column of the first week.
    const firstRow = within(calendar).getAllByRole('row')[0]!
    expect(within(firstRow).getAllByRole('gridcell').at(-1)).toHaveTextContent('1')
    // The chosen day is marked.
    expect(within(calendar).getByRole('button', { name: /10 November 2026/ })).toHaveAttribute('data-selected')

    await user.click(within(calendar).getByRole('button', { name: /previous month/i }))
    expect(shownMonth(calendar)).toBe('October 2026')
    await user.click(within(calendar).getByRole('button', { name: /next month/i }))
    await user.click(within(calendar).getByRole('button', { name: /23 November 2026/ }))

    expect(formValue()).toBe('2026-11-23')
    expect(input).toHaveValue('23/11/2026')
    await waitFor(() => expect(screen.queryByRole('application')).not.toBeInTheDocument())
  })

  it('marks London’s today and offers no day after max', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-06-15T23:30:00Z')) // already 16 June in London (BST)
    const { user } = setup({ max: '2026-06-16' })
    await user.click(await calendarButton())
    const calendar = await screen.findByRole('application', { name: 'Calendar for date' })
    expect(shownMonth(calendar)).toBe('June 2026')
    const today = within(calendar).getByRole('button', { name: /16 June 2026/ })
    expect(today).toHaveAttribute('data-today')
    expect(today.closest('[role=gridcell]')).toHaveAttribute('aria-current', 'date')
    expect(within(calendar).getByRole('button', { name: /17 June 2026/ })).toHaveAttribute('aria-disabled', 'true')
  })

  it('works from the keyboard, and Escape closes the calendar and gives the focus back', async () => {
    const { user, formValue } = setup({ initial: '2026-11-10' })
    const trigger = await calendarButton()
    trigger.focus()
    await user.keyboard('{Enter}')
    const calendar = await screen.findByRole('application', { name: 'Calendar for date' })
    // The focus goes to the chosen day; arrows move it, Enter picks.
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: /10 November 2026/ })).toHaveFocus(),
    )
    await user.keyboard('{ArrowDown}{ArrowRight}')
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: /18 November 2026/ })).toHaveFocus(),
    )
    await user.keyboard('{Enter}')
    expect(formValue()).toBe('2026-11-18')
    await waitFor(() => expect(screen.queryByRole('application')).not.toBeInTheDocument())

    // Open again and leave with Escape: nothing changes and the button has the focus.
    await user.click(trigger)
    await screen.findByRole('application', { name: 'Calendar for date' })
    await user.keyboard('{ArrowRight}{Escape}')
    await waitFor(() => expect(screen.queryByRole('application')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
    expect(formValue()).toBe('2026-11-18')
  })

  it('follows a value changed from outside', async () => {
    function Outside() {
      const [value, setValue] = useState('2026-11-23')
      return (
        <>
          <DateField label="Date" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2026-01-01')}>
            New Year
          </button>
          <button type="button" onClick={() => setValue('')}>
            Clear
          </button>
        </>
      )
    }
    const { user } = renderWithProviders(<Outside />)
    const input = screen.getByLabelText('Date')
    await user.click(screen.getByRole('button', { name: 'New Year' }))
    expect(input).toHaveValue('01/01/2026')
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(input).toHaveValue('')
  })
})
