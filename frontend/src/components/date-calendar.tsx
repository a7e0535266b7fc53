import { DatePicker, parseDate, Portal } from '@chakra-ui/react'
import type { RefObject } from 'react'
import { isDay } from '@/lib/calendar-day'
import { CalendarButton } from './calendar-button'

type DateCalendarProps = {
  label: string
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string
  /** Called with the picked day (`YYYY-MM-DD`). */
  onPick: (day: string) => void
  min?: string
  max?: string
  size: 'md' | 'lg'
  /**
   * Where the calendar is rendered: an element after the field, outside the button's box, whose
   * stacking would otherwise let the fields below cover the calendar.
   */
  container: RefObject<HTMLDivElement | null>
}

/**
 * The calendar behind a date field's button: Chakra's DatePicker, Monday first,
 * en-GB names, London's today. Loaded lazily by DateField. The DatePicker's
 * control holds only the button: it writes its own text into any input it
 * finds there, and the field's text box is our own.
 */
export default function DateCalendar({ label, value, onPick, min, max, size, container }: DateCalendarProps) {
  return (
    <DatePicker.Root
      value={isDay(value) ? [parseDate(value)] : []}
      onValueChange={(details) => onPick(details.value[0]?.toString() ?? '')}
      min={min && isDay(min) ? parseDate(min) : undefined}
      max={max && isDay(max) ? parseDate(max) : undefined}
      locale="en-GB"
      timeZone="Europe/London"
      startOfWeek={1}
      fixedWeeks
      positioning={{ placement: 'bottom-end', strategy: 'fixed', gutter: 10 }}
      colorPalette="teal"
      size="md"
      lazyMount
      unmountOnExit
    >
      <DatePicker.Control unstyled>
        <DatePicker.Trigger asChild unstyled>
          <CalendarButton label={label} size={size} />
        </DatePicker.Trigger>
      </DatePicker.Control>
      <Portal container={container}>
        <DatePicker.Positioner>
          <DatePicker.Content aria-label={`Calendar for ${label.toLowerCase()}`}>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  )
}
