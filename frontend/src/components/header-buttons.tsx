import { Button } from '@chakra-ui/react'
import { BarChart3, CalendarCheck } from 'lucide-react'
import { Link } from 'react-router'
import { WriteButton } from './write-access'

/** 'Analytics' in a screen's header: the way to the screen's analytics (`to`). */
export function AnalyticsLinkButton({ to }: { to: string }) {
  return (
    <Button asChild variant="outline" size={{ base: 'sm', md: 'md' }}>
      <Link to={to}>
        <BarChart3 aria-hidden="true" />
        Analytics
      </Link>
    </Button>
  )
}

type FinaliseMonthButtonProps = {
  onClick: () => void
  /** The month is being finalised now. */
  loading?: boolean
  disabled?: boolean
}

/** 'Finalise Month' in a screen's header (shown only to those allowed to finalise). */
export function FinaliseMonthButton({ onClick, loading, disabled }: FinaliseMonthButtonProps) {
  return (
    <WriteButton
      variant="outline"
      colorPalette="purple"
      size={{ base: 'sm', md: 'md' }}
      onClick={onClick}
      loading={loading}
      loadingText="Finalising..."
      disabled={disabled}
    >
      <CalendarCheck aria-hidden="true" />
      Finalise Month
    </WriteButton>
  )
}
