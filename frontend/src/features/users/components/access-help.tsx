import { IconButton, Popover, Portal, Text, VisuallyHidden } from '@chakra-ui/react'
import { Info } from 'lucide-react'
import type { AccessKind } from '../api/toggle-access'
import { ACCESS_HELP, ACCESS_LABELS, SUPERADMIN_ACCESS_NOTE } from '../lib/labels'

/**
 * A permission column's header: its name and an (i) button that opens what the permission
 * allows (a toggletip: reached with Tab, opened with Enter or Space, closed with Escape).
 */
export function AccessHeader({ kind }: { kind: AccessKind }) {
  return (
    <Popover.Root positioning={{ placement: 'bottom' }} lazyMount unmountOnExit>
      {ACCESS_LABELS[kind]}
      <Popover.Trigger asChild>
        <IconButton
          aria-label={`What ${ACCESS_LABELS[kind]} allows`}
          variant="ghost"
          size="2xs"
          rounded="full"
          ms="1"
          color="fg.muted"
        >
          <Info />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content maxW="72" data-testid="access-help">
            <Popover.Body p="3">
              <Popover.Title fontWeight="semibold" fontSize="sm">
                {ACCESS_LABELS[kind]}
              </Popover.Title>
              <Text fontSize="sm" mt="1">
                {ACCESS_HELP[kind]} {SUPERADMIN_ACCESS_NOTE}
              </Text>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}

/** What each permission allows, out of sight, for the toggles' aria-describedby. */
export function AccessDescriptions({ ids }: { ids: Record<AccessKind, string> }) {
  return (
    <>
      {(['bank', 'finalise'] as const).map((kind) => (
        <VisuallyHidden key={kind} id={ids[kind]}>
          {ACCESS_HELP[kind]}
        </VisuallyHidden>
      ))}
    </>
  )
}
