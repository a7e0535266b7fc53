import { Field, Input, InputGroup } from '@chakra-ui/react'
import { forwardRef, type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react'
import { formatUkDay, parseUkDay } from '@/lib/calendar-day'
import { CalendarButton } from './calendar-button'

/** The calendar (Chakra's DatePicker, about 22 kB gzipped) loads with the first date field shown. */
const DateCalendar = lazy(() => import('./date-calendar'))

/** The field's own message for text that is not a day (see docs/decisions.md). */
export const DATE_UNREADABLE = 'Enter a date as dd/mm/yyyy'

type DateFieldProps = {
  label: string
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string
  /**
   * The new day (`YYYY-MM-DD`), or '' when the text is empty or not a day, once
   * the user is done with it: on leaving the field, on Enter, or on picking a
   * day in the calendar. Never called for every key.
   */
  onChange: (day: string) => void
  onBlur?: () => void
  name?: string
  /** The form's message; text that is not a day shows DATE_UNREADABLE instead. */
  error?: string
  helperText?: string
  /** The earliest and latest days the calendar offers (`YYYY-MM-DD`). */
  min?: string
  max?: string
  size?: 'md' | 'lg'
}

/**
 * A date typed and shown as dd/MM/yyyy whatever the browser's language, with
 * a calendar (Chakra's DatePicker: Monday first, en-GB names, London's today)
 * behind the button beside it. The value in and out stays `YYYY-MM-DD`.
 *
 * The text box is our own rather than the DatePicker's input, which quietly
 * replaces text it cannot read with another date instead of letting the
 * field say so. The calendar is a separate, lazily loaded chunk, so screens
 * without a date field never download it.
 */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(props, ref) {
  const { label, value, onChange, onBlur, name, error, helperText, min, max, size = 'lg' } = props
  const [text, setText] = useState(() => formatUkDay(value))
  // The text as last settled (typed and left, picked, or set from outside).
  const [settled, setSettled] = useState(text)
  const [shownValue, setShownValue] = useState(value)

  // A value changed from outside (reset, quick filter) replaces the text, unless it reads as that value.
  if (value !== shownValue) {
    setShownValue(value)
    if ((parseUkDay(text) ?? '') !== value) {
      setText(formatUkDay(value))
      setSettled(formatUkDay(value))
    }
  }

  const show = (day: string) => {
    const shown = formatUkDay(day)
    setText(shown)
    setSettled(shown)
    if (day !== value) onChange(day)
  }

  const settle = () => {
    const day = text.trim() === '' ? '' : parseUkDay(text)
    if (day !== null) {
      show(day)
    } else {
      // Kept for the user to correct; the form has no day meanwhile.
      setSettled(text)
      if (value !== '') onChange('')
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Settles before the form's own Enter handling submits it.
    if (event.key === 'Enter') settle()
  }

  // While the text is being edited, the message about the settled value is out of date.
  const editing = text !== settled
  const unreadable = text.trim() !== '' && parseUkDay(text) === null
  const message = editing ? undefined : unreadable ? DATE_UNREADABLE : error

  const calendarHome = useRef<HTMLDivElement>(null)

  return (
    <Field.Root invalid={!!message}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <Suspense fallback={<CalendarButton label={label} size={size} disabled />}>
            <DateCalendar
              label={label}
              value={value}
              onPick={show}
              min={min}
              max={max}
              size={size}
              container={calendarHome}
            />
          </Suspense>
        }
        endElementProps={{ px: '1' }}
      >
        <Input
          ref={ref}
          name={name}
          size={size}
          value={text}
          placeholder="dd/mm/yyyy"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          onBlur={() => {
            settle()
            onBlur?.()
          }}
          onKeyDown={onKeyDown}
        />
      </InputGroup>
      {/* The calendar opens here, outside the button's box, so the fields below cannot cover it. */}
      <div ref={calendarHome} />
      {message ? (
        <Field.ErrorText>{message}</Field.ErrorText>
      ) : helperText ? (
        <Field.HelperText>{helperText}</Field.HelperText>
      ) : null}
    </Field.Root>
  )
})
