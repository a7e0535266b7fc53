import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useReturnFocus } from './dialog-focus'
import { useDialogSize } from './use-dialog-size'

type PlainDialogProps = {
  open: boolean
  /** Escape, the backdrop, the close button or a footer ActionTrigger asked to close. */
  onClose: () => void
  title: ReactNode
  /** The body. */
  children: ReactNode
  /** The footer's buttons (a Dialog.ActionTrigger closes through onClose); null keeps an empty footer. */
  footer?: ReactNode
  /** The card's size; with `responsive`, from the medium breakpoint up (below it, full screen). */
  size?: 'sm' | 'md' | 'lg'
  /** True fills a phone's screen below md; false keeps the card at `size` with the page's margin. */
  responsive?: boolean
  scrollBehavior?: 'inside' | 'outside'
  /** False while work must not be interrupted: no close button, Escape and the backdrop do nothing. */
  dismissible?: boolean
  /** Lets the footer wrap its buttons onto a second line. */
  footerWrap?: boolean
}

/**
 * The shell of a dialog that is not a form (a list to read, a choice to pick, a flow to follow):
 * backdrop, centred card, title, body, footer and the close button. Like FormDialog it gives the
 * focus back to what opened it on closing.
 */
export function PlainDialog(props: PlainDialogProps) {
  const { open, onClose, title, children, footer, size = 'md', responsive = false, scrollBehavior } = props
  const { dismissible = true, footerWrap = false } = props
  const responsiveSize = useDialogSize(size === 'sm' ? 'md' : size)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      finalFocusEl={returnFocus}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      closeOnInteractOutside={dismissible}
      closeOnEscape={dismissible}
      placement="center"
      size={responsive ? responsiveSize : size}
      scrollBehavior={scrollBehavior}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={responsive ? undefined : '4'}>
            {/* Room on the right for the close button, so a long title wraps before it. */}
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer === undefined ? null : (
              <Dialog.Footer flexWrap={footerWrap ? 'wrap' : undefined}>{footer}</Dialog.Footer>
            )}
            {dismissible ? (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
