import { Avatar, IconButton, type IconButtonProps } from '@chakra-ui/react'
import type { Ref } from 'react'

type AccountMenuButtonProps = IconButtonProps & { userName: string; ref?: Ref<HTMLButtonElement> }

/** The avatar that opens the account menu (44 px, a finger's size): the menu's trigger, and its stand-in until it loads. */
export function AccountMenuButton({ userName, ...props }: AccountMenuButtonProps) {
  return (
    <IconButton aria-label="Account menu" variant="ghost" rounded="full" size="lg" {...props}>
      <Avatar.Root size="sm" colorPalette="teal">
        <Avatar.Fallback name={userName} />
      </Avatar.Root>
    </IconButton>
  )
}
