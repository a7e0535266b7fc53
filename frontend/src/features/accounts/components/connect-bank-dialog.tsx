import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react'

type ConnectBankDialogProps = {
  open: boolean
  onClose: () => void
}

/** Connect Bank, until bank linking exists on the server: says so and points to manual accounts. */
export function ConnectBankDialog({ open, onClose }: ConnectBankDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
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
              <Dialog.Title>Connect Bank</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>Bank linking is not set up on this server yet. You can add accounts manually meanwhile.</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
