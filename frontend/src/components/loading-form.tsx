import { Center, Dialog, Spinner } from '@chakra-ui/react'
import { DIALOG_PX } from '@/components/dialog-form'

/** The dialog's header and body while the form's choices (accounts, categories) load. */
export function LoadingForm({ title }: { title: string }) {
  return (
    <>
      <Dialog.Header ps={DIALOG_PX} pe="12">
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body px={DIALOG_PX}>
        <Center py="12" role="status" aria-label="Loading form">
          <Spinner size="lg" color="teal.600" />
        </Center>
      </Dialog.Body>
    </>
  )
}
