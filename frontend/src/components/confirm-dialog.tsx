import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { ErrorAlert } from './error-alert'

type ConfirmDialogProps = {
  open: boolean
  title: string
  /** The question or explanation; a string becomes a paragraph. */
  children: ReactNode
  confirmLabel?: string
  /** 'Cancel' unless said. */
  cancelLabel?: string
  /** Red (a destructive action) unless said: an offer that changes nothing yet is teal. */
  confirmPalette?: 'red' | 'teal'
  pendingLabel?: string
  pending?: boolean
  /** Disables the confirm button (e.g. a category still in use). */
  confirmDisabled?: boolean
  error?: string | null
  onDismissError?: () => void
  onConfirm: () => void
  onClose: () => void
}

/**
 * A destructive confirmation: Cancel and a red confirm button, with room for a server error.
 * It opens with focus on Cancel, so Enter never confirms by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    children,
    confirmLabel = 'Delete',
    cancelLabel = 'Cancel',
    confirmPalette = 'red',
    pendingLabel = 'Deleting...',
    pending = false,
    confirmDisabled = false,
    error,
    onDismissError,
    onConfirm,
    onClose,
  } = props
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog.Root
      initialFocusEl={() => cancelRef.current}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      role="alertdialog"
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <ErrorAlert message={error} onClose={onDismissError} />
                {typeof children === 'string' ? <Text>{children}</Text> : children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button ref={cancelRef} variant="outline" type="button">
                  {cancelLabel}
                </Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette={confirmPalette}
                type="button"
                onClick={onConfirm}
                disabled={confirmDisabled}
                loading={pending}
                loadingText={pendingLabel}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            <FocusOnMount target={cancelRef} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/**
 * Focuses `target` when the dialog's content mounts. The focus trap's
 * initialFocusEl does the same once it activates; this covers the moment
 * before that, and environments where the trap cannot measure the button.
 */
function FocusOnMount({ target }: { target: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    target.current?.focus({ preventScroll: true })
  }, [target])
  return null
}
