import { Menu, Portal, Stack } from '@chakra-ui/react'
import { ArrowLeftRight, ChevronDown, Plus, Receipt } from 'lucide-react'
import { WriteButton, WriteIconButton } from '@/components/write-access'

export type AddKind = 'transaction' | 'transfer'

/** The Add Recurring menu: Add Recurring Transaction, Add Recurring Transfer. */
export function AddRecurringMenu({ onAdd }: { onAdd: (kind: AddKind) => void }) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={({ value }) => onAdd(value as AddKind)}>
      <Menu.Trigger asChild>
        <WriteButton colorPalette="teal" size={{ base: 'sm', md: 'md' }}>
          <Plus aria-hidden="true" />
          Add Recurring
          <ChevronDown aria-hidden="true" />
        </WriteButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.Item value="transaction">
              <Receipt size={16} aria-hidden="true" />
              Add Recurring Transaction
            </Menu.Item>
            <Menu.Item value="transfer">
              <ArrowLeftRight size={16} aria-hidden="true" />
              Add Recurring Transfer
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}

/** Phones: the two add buttons float bottom-right, the transfer one above the main one. */
export function FloatingAddButtons({ onAdd }: { onAdd: (kind: AddKind) => void }) {
  return (
    <Stack
      position="fixed"
      bottom="calc(1rem + env(safe-area-inset-bottom))"
      insetEnd="4"
      zIndex="sticky"
      gap="3"
      align="center"
    >
      <WriteIconButton
        aria-label="Add Recurring Transfer"
        title="Add Recurring Transfer"
        variant="outline"
        bg="bg"
        size="lg"
        rounded="full"
        shadow="lg"
        onClick={() => onAdd('transfer')}
      >
        <ArrowLeftRight />
      </WriteIconButton>
      <WriteIconButton
        aria-label="Add Recurring Transaction"
        title="Add Recurring Transaction"
        colorPalette="teal"
        size="xl"
        rounded="full"
        shadow="lg"
        onClick={() => onAdd('transaction')}
      >
        <Plus />
      </WriteIconButton>
    </Stack>
  )
}
