import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react'
import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react'
import { useReturnFocus } from './dialog-focus'
import { DIALOG_PX, DialogForm } from './dialog-form'
import { ErrorAlert } from './error-alert'
import { useDialogSize } from './use-dialog-size'
import { ReadOnlyHint } from './write-access'
import { useWriteGuard } from '@/lib/household-access'

type FormDialogProps = {
  open: boolean
  onClose: () => void
  /** The card's size from the medium breakpoint up; below it the dialog fills the screen. */
  size?: 'md' | 'lg'
  /** False keeps the card at `size` on every screen. */
  responsive?: boolean
  scrollBehavior?: 'inside' | 'outside'
  /** Usually the feature's form (a FormDialogForm), mounted afresh on every opening. */
  children: ReactNode
}

/** A field a form dialog may open on: the first enabled text input, select or textarea. */
const FIELD_SELECTOR = [
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not(:disabled)',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
].join(', ')

/** The field marked `data-autofocus`, else the first field, inside `root`. */
function firstField(root: ParentNode | null | undefined): HTMLElement | null {
  if (!root) return null
  return root.querySelector<HTMLElement>('[data-autofocus]') ?? root.querySelector<HTMLElement>(FIELD_SELECTOR)
}

/**
 * The shell of a form dialog: backdrop, centred content and the close button.
 * It opens with focus in the first field (the Amount of a transaction or
 * transfer, the name of an account or category), not on a button.
 */
export function FormDialog(props: FormDialogProps) {
  const { open, onClose, size = 'md', responsive = true, scrollBehavior = 'inside', children } = props
  const responsiveSize = useDialogSize(size)
  const contentRef = useRef<HTMLDivElement>(null)
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root
      initialFocusEl={() => firstField(contentRef.current)}
      finalFocusEl={returnFocus}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      size={responsive ? responsiveSize : size}
      placement="center"
      scrollBehavior={scrollBehavior}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* A fixed-size card keeps the page's 16 px margin on a phone, as the confirmations do. */}
          <Dialog.Content ref={contentRef} mx={responsive ? undefined : '4'}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

type FormDialogFormProps = {
  title: string
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The form's choices failed to load (shown first, not dismissible). */
  loadError?: string | null
  /** The server's refusal. */
  error?: string | null
  onDismissError?: () => void
  submitLabel: string
  pendingLabel: string
  pending: boolean
  /** Names the form for assistive technology. */
  'aria-label'?: string
  /**
   * The form changes the household's books: a viewer finds its submit button disabled and the
   * reason above the fields (a dialog a viewer can still reach, such as the dashboard's Add).
   */
  writes?: boolean
  /** The fields. */
  children: ReactNode
}

/** A form dialog's header, body (alerts, then the fields) and footer (Cancel and submit). */
export function FormDialogForm(props: FormDialogFormProps) {
  const { title, onSubmit, loadError, error, onDismissError, submitLabel, pendingLabel, pending, writes, children } =
    props
  const guard = useWriteGuard()
  const formRef = useRef<HTMLFormElement>(null)
  // A form that mounts after its dialog opened (once its choices have loaded) takes the focus itself.
  useEffect(() => {
    const form = formRef.current
    if (form && !form.contains(document.activeElement)) firstField(form)?.focus()
  }, [])
  return (
    <DialogForm ref={formRef} onSubmit={onSubmit} noValidate aria-label={props['aria-label']}>
      {/* Room on the right for the close button, so a long title wraps before it. */}
      <Dialog.Header ps={DIALOG_PX} pe="12">
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body px={DIALOG_PX}>
        <Stack gap="4">
          {writes ? <ReadOnlyHint /> : null}
          <ErrorAlert message={loadError} />
          <ErrorAlert message={error} onClose={onDismissError} />
          {children}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer px={DIALOG_PX}>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="teal" loading={pending} loadingText={pendingLabel} {...(writes ? guard : {})}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </DialogForm>
  )
}
