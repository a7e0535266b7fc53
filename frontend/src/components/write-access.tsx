import {
  Button,
  type ButtonProps,
  HStack,
  IconButton,
  type IconButtonProps,
  Menu,
  type MenuItemProps,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { Lock } from 'lucide-react'
import { type ReactNode, type Ref, useId } from 'react'
import { useWriteAccess, useWriteGuard } from '@/lib/household-access'

// The controls that change the household's books, for a viewer disabled with the reason: the
// server's words 'Viewers cannot make changes', as their title (a tooltip on hover, and their
// accessible description). A phone shows no tooltips, so each screen also says it once in words
// (ReadOnlyHint), and a menu of changes says it at its top (WriteMenuGroup).

type Described = { 'aria-describedby'?: string; disabled?: boolean; title?: string }

/**
 * A write control's guard, and its description: a control already described by other words
 * (aria-describedby, which a title does not add to) is described by the reason too, in hidden text.
 */
function useGuarded(props: Described): { props: Described; reason: ReactNode } {
  const guard = useWriteGuard(props)
  const id = useId()
  const describedBy = props['aria-describedby']
  if (!guard.disabled || guard.title === props.title || !describedBy) return { props: guard, reason: null }
  return {
    props: { ...guard, 'aria-describedby': `${describedBy} ${id}` },
    reason: <VisuallyHidden id={id}>{guard.title}</VisuallyHidden>,
  }
}

/** A Button that changes the books (Add, Save, Delete …); a viewer finds it disabled. */
export function WriteButton(props: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const guarded = useGuarded(props)
  return (
    <>
      <Button {...props} {...guarded.props} />
      {guarded.reason}
    </>
  )
}

/** An IconButton that changes the books (edit, delete …); a viewer finds it disabled. */
export function WriteIconButton(props: IconButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  const guarded = useGuarded(props)
  return (
    <>
      <IconButton {...props} {...guarded.props} />
      {guarded.reason}
    </>
  )
}

/** A menu entry that changes the books; a viewer finds it disabled. */
export function WriteMenuItem(props: MenuItemProps) {
  return <Menu.Item {...props} {...useWriteGuard(props)} />
}

/**
 * The entries of a menu that change the books. For a viewer they are grouped under a label
 * saying why they are disabled, so the reason shows on a phone too (and names the group for
 * screen readers); for anyone else the entries alone.
 */
export function WriteMenuGroup({ children }: { children: ReactNode }) {
  const { reason } = useWriteAccess()
  if (!reason) return <>{children}</>
  return (
    <Menu.ItemGroup>
      <Menu.ItemGroupLabel fontSize="xs" color="fg.muted" fontWeight="normal">
        {reason}
      </Menu.ItemGroupLabel>
      {children}
    </Menu.ItemGroup>
  )
}

/**
 * One line under a screen's header telling a viewer why its buttons are off ('Viewers cannot make
 * changes'); nothing for anyone else.
 */
export function ReadOnlyHint() {
  const { reason } = useWriteAccess()
  if (!reason) return null
  return (
    <HStack gap="2" color="fg.muted" fontSize="sm" data-testid="read-only-hint">
      <Lock size={14} aria-hidden="true" />
      <Text>{reason}</Text>
    </HStack>
  )
}
