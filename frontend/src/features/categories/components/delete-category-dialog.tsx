import { HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import type { Category } from '@/lib/api/types'
import { DELETE_CATEGORY_FALLBACK_ERROR, useDeleteCategory } from '../api/delete-category'
import { useTransactionsCount } from '../api/get-transactions-count'
import { inUseMessage } from '../lib/in-use'


type DeleteCategoryDialogProps = {
  /** Open while a category is given. */
  category: Category | null
  onClose: () => void
}

/** Asks how many transactions use the category first, and refuses while any do. */
export function DeleteCategoryDialog({ category, onClose }: DeleteCategoryDialogProps) {
  const [shown, setShown] = useState(category)
  if (category && category !== shown) setShown(category)
  const count = useTransactionsCount(category?._id ?? null)
  const mutation = useDeleteCategory()
  const inUse = count.isSuccess && count.data > 0

  return (
    <ConfirmDialog
      open={category !== null}
      title="Delete Category"
      pending={mutation.isPending}
      confirmDisabled={!count.isSuccess || inUse}
      error={
        mutation.isError
          ? getErrorMessage(mutation.error, DELETE_CATEGORY_FALLBACK_ERROR)
          : count.isError
            ? getErrorMessage(count.error, DELETE_CATEGORY_FALLBACK_ERROR)
            : null
      }
      onDismissError={() => mutation.reset()}
      onConfirm={() => {
        if (!category) return
        mutation.mutate(category._id, {
          onSuccess: () => {
            notifySuccess('Category deleted successfully')
            onClose()
          },
        })
      }}
      onClose={() => {
        mutation.reset()
        onClose()
      }}
    >
      {count.isPending && category ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="sm" />
          <Text>Checking whether transactions use this category...</Text>
        </HStack>
      ) : inUse ? (
        <Stack gap="2">
          <ErrorAlert status="warning" message={inUseMessage(count.data)} />
          <Text fontSize="sm" color="fg.muted">
            Please reassign those transactions to another category first, then delete it.
          </Text>
        </Stack>
      ) : (
        <Stack gap="2">
          <Text>Are you sure you want to delete &quot;{(category ?? shown)?.name}&quot;?</Text>
          <Text fontSize="sm" color="fg.muted">
            This action cannot be undone.
          </Text>
        </Stack>
      )}
    </ConfirmDialog>
  )
}
