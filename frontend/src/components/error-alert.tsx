import { Alert, CloseButton } from '@chakra-ui/react'

type ErrorAlertProps = {
  message: string | null | undefined
  onClose?: () => void
  title?: string
  status?: 'error' | 'success' | 'warning' | 'info'
}

/** A dismissible alert for server messages; renders nothing without a message. */
export function ErrorAlert({ message, onClose, title, status = 'error' }: ErrorAlertProps) {
  if (!message) return null
  return (
    <Alert.Root status={status} alignItems="flex-start" borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      {onClose ? (
        <CloseButton
          size="sm"
          aria-label="Dismiss"
          onClick={onClose}
          mt="-1"
          me="-2"
          pos="relative"
        />
      ) : null}
    </Alert.Root>
  )
}
