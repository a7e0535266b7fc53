import { Badge, Box, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react'
import { PlainDialog } from '@/components/plain-dialog'
import type { BudgetCategory } from '../api/types'
import { CategoryDot } from './category-dot'

export const ALL_BUDGETED_TEXT = 'All expense categories already have budgets set.'

/** What the picker needs of a category (the ledger's category or a budget's one). */
export type PickableCategory = Pick<BudgetCategory, '_id' | 'name' | 'color' | 'description' | 'isDefault'>

type CategoryPickerDialogProps = {
  open: boolean
  /** Expense categories without a budget (see lib/eligible). */
  categories: PickableCategory[]
  onPick: (category: PickableCategory) => void
  onClose: () => void
}

/** Add Budget, step one: choose the category. */
export function CategoryPickerDialog({ open, categories, onPick, onClose }: CategoryPickerDialogProps) {
  return (
    <PlainDialog
      open={open}
      onClose={onClose}
      title="Select a Category"
      size="md"
      responsive
      scrollBehavior="inside"
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
      }
    >
      {categories.length === 0 ? (
        <Text color="fg.muted">{ALL_BUDGETED_TEXT}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Expense categories without a budget">
          {categories.map((c) => (
            <Box as="li" key={c._id}>
              <Button
                variant="outline"
                w="full"
                h="auto"
                py="3"
                px="3"
                justifyContent="flex-start"
                textAlign="start"
                whiteSpace="normal"
                onClick={() => onPick(c)}
                aria-label={c.name}
              >
                <HStack gap="3" align="flex-start" w="full">
                  <Box pt="1.5">
                    <CategoryDot color={c.color} />
                  </Box>
                  <Box flex="1" minW="0">
                    <HStack gap="2">
                      <Text fontWeight="semibold">{c.name}</Text>
                      {c.isDefault ? (
                        <Badge size="sm" colorPalette="gray">
                          Default
                        </Badge>
                      ) : null}
                    </HStack>
                    {c.description ? (
                      <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                        {c.description}
                      </Text>
                    ) : null}
                  </Box>
                </HStack>
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </PlainDialog>
  )
}
