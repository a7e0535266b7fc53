import { chakra } from '@chakra-ui/react'

/**
 * A form inside Dialog.Content that leaves the dialog's flex layout alone, so
 * header, scrolling body and footer behave as direct children of the content.
 */
export const DialogForm = chakra('form', { base: { display: 'contents' } })
