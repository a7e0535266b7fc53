import { chakra } from '@chakra-ui/react'

/**
 * A form inside Dialog.Content that leaves the dialog's flex layout alone, so
 * header, scrolling body and footer behave as direct children of the content.
 */
export const DialogForm = chakra('form', { base: { display: 'contents' } })

/**
 * The side padding of a form dialog's header, body and footer: the page's 16 px
 * margin on phones, where the dialog fills the screen, so fields get the width.
 */
export const DIALOG_PX = { base: '4', md: '6' } as const
