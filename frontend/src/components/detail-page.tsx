import { Box, Button, DataList, Flex, Heading, IconButton, Menu, Portal, Skeleton, Stack } from '@chakra-ui/react'
import { ArrowLeft, EllipsisVertical, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { ApiError } from '@/lib/api/client'
import { ErrorAlert } from './error-alert'
import { LoadError, type LoadErrorQuery } from './load-error'
import { WriteMenuGroup } from './write-access'
import { useWriteAccess } from '@/lib/household-access'

/** The list a detail page belongs to ('Back to Inventory'). */
type Destination = { to: string; label: string }

type DetailPageStatusProps = {
  query: LoadErrorQuery & { isPending: boolean }
  /** The page's heading above the alert, where it has one. */
  title?: string
  /** The skeleton's accessible name ('Loading transaction'). */
  loadingLabel: string
  /** What the alert says when the record does not exist (a 404). */
  notFound: string
  /** What the alert says when loading fails without a message from the server. */
  fallbackError: string
  back: Destination
}

/**
 * What a detail page shows until its record is loaded: a skeleton while it loads, then on
 * failure the not-found message (404) or the load alert with Retry, and the way back.
 * Render it while the query has not succeeded.
 */
export function DetailPageStatus({ query, title, loadingLabel, notFound, fallbackError, back }: DetailPageStatusProps) {
  // Offline, the first fetch is paused rather than failed: say so instead of loading forever.
  if (query.isPending && query.fetchStatus !== 'paused') {
    return (
      <Stack gap="4" maxW="2xl" mx="auto" role="status" aria-label={loadingLabel} aria-busy="true" data-testid="detail-skeleton">
        <Skeleton height="8" width="48" />
        <Skeleton height="64" borderRadius="lg" />
        <Skeleton height="48" borderRadius="lg" />
      </Stack>
    )
  }
  const missing = query.error instanceof ApiError && query.error.status === 404
  return (
    <Stack gap="4" maxW="2xl" mx="auto">
      {title ? (
        <Heading as="h1" size="xl">
          {title}
        </Heading>
      ) : null}
      {missing ? <ErrorAlert message={notFound} /> : <LoadError sources={[{ query, fallback: fallbackError }]} />}
      <Box>
        <Button asChild variant="outline">
          <RouterLink to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </RouterLink>
        </Button>
      </Box>
    </Stack>
  )
}

/** The frame of a loaded detail page: the way back and the actions menu above its cards. */
export function DetailPage({ back, actions, children }: { back: Destination; actions: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="4" maxW="2xl" mx="auto">
      <Flex align="center" justify="space-between" gap="2">
        <Button asChild variant="ghost" size="sm" px="2">
          <RouterLink to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </RouterLink>
        </Button>
        {actions}
      </Flex>
      {children}
    </Stack>
  )
}

/** One entry of a detail page's actions menu. */
export type DetailAction = {
  value: string
  label: string
  icon: LucideIcon
  /** Drawn in the error colour (Delete). */
  danger?: boolean
  /** Why the action cannot be taken now; the entry is disabled with this as its title. */
  unavailable?: string
  /** It changes the household's books: unavailable to a viewer, who is told why at the menu's top. */
  writes?: boolean
}

type DetailActionsProps = {
  /** The menu button's accessible name ('Item actions'). */
  label: string
  actions: DetailAction[]
  onSelect: (value: string) => void
  /** The whole menu is off (the record was just deleted). */
  disabled?: boolean
  /** The menu's minimum width, in Chakra size tokens. */
  minW?: string
}

/** The ⋮ menu of a detail page's actions. */
export function DetailActions({ label, actions, onSelect, disabled, minW = '48' }: DetailActionsProps) {
  const { reason } = useWriteAccess()
  // A viewer finds the changes last, disabled under the reason.
  const readOnly = reason !== undefined && actions.some((a) => a.writes)
  const item = ({ value, label: text, icon: Glyph, danger, unavailable, writes }: DetailAction) => {
    const why = unavailable ?? (writes ? reason : undefined)
    return (
      <Menu.Item key={value} value={value} color={danger ? 'fg.error' : undefined} disabled={why !== undefined} title={why}>
        <Glyph size={16} aria-hidden="true" />
        {text}
      </Menu.Item>
    )
  }
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onSelect(value)}>
      <Menu.Trigger asChild>
        <IconButton aria-label={label} variant="ghost" disabled={disabled}>
          <EllipsisVertical />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW={minW}>
            {readOnly ? (
              <>
                {actions.filter((a) => !a.writes).map(item)}
                <WriteMenuGroup>{actions.filter((a) => a.writes).map(item)}</WriteMenuGroup>
              </>
            ) : (
              actions.map(item)
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

/** The label-and-value rows of a detail card. */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <DataList.Root orientation="horizontal" divideY="1px" gap="0">
      {children}
    </DataList.Root>
  )
}

/** One row of a `DetailList`: the label on the left, the value on the right. */
export function DetailItem({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item py="3" justifyContent="space-between">
      <DataList.ItemLabel minW="0" flex="1">
        {label}
      </DataList.ItemLabel>
      <DataList.ItemValue flex="1" justifyContent="flex-end" textAlign="end" fontWeight="medium" wordBreak="break-word">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  )
}
