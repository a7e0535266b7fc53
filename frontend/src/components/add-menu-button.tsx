import { Button, type ButtonProps } from '@chakra-ui/react'
import type { Ref } from 'react'
import { ChevronDown, Plus } from 'lucide-react'

type AddMenuButtonProps = ButtonProps & { fullWidth?: boolean; ref?: Ref<HTMLButtonElement> }

/**
 * The Add menu's trigger, and its stand-in where the menu loads on first use (the dashboard); on a
 * phone it is 44 px tall, a finger's size.
 */
export function AddMenuButton({ fullWidth = false, ...props }: AddMenuButtonProps) {
  return (
    <Button
      colorPalette="teal"
      size={fullWidth ? 'md' : { base: 'sm', md: 'md' }}
      minH={{ base: '11', md: '0' }}
      w={fullWidth ? 'full' : undefined}
      {...props}
    >
      <Plus aria-hidden="true" />
      Add
      <ChevronDown aria-hidden="true" />
    </Button>
  )
}
