import { IconButton, type IconButtonProps } from '@chakra-ui/react'
import { CalendarDays } from 'lucide-react'
import { forwardRef } from 'react'

type CalendarButtonProps = Omit<IconButtonProps, 'size' | 'aria-label'> & {
  /** The date field's label: the button is 'Choose {label}'. */
  label: string
  size: 'md' | 'lg'
}

/** The button beside a date field that opens its calendar. */
export const CalendarButton = forwardRef<HTMLButtonElement, CalendarButtonProps>(function CalendarButton(
  { label, size, ...rest },
  ref,
) {
  return (
    <IconButton
      ref={ref}
      variant="ghost"
      size={size === 'lg' ? 'sm' : 'xs'}
      color="fg.muted"
      {...rest}
      // After the DatePicker trigger's own props, whose 'Open calendar' names no field.
      aria-label={`Choose ${label.toLowerCase()}`}
    >
      <CalendarDays aria-hidden="true" />
    </IconButton>
  )
})
