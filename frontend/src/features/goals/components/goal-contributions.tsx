import { Box, Flex, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { notifySuccess } from '@/components/notify'
import { WriteIconButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import { formatDate, formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import {
  DELETE_CONTRIBUTION_FALLBACK_ERROR,
  DELETE_CONTRIBUTION_SUCCESS,
  useDeleteContribution,
} from '../api/delete-contribution'
import { CONTRIBUTIONS_FALLBACK_ERROR, useContributions } from '../api/get-contributions'
import type { Contribution, Goal } from '../api/types'
import { contributionSourceLabel } from '../lib/sources'

/** A goal's contributions, newest first, each with a delete button and its confirmation. */
export function GoalContributions({ goal }: { goal: Goal }) {
  const contributions = useContributions(goal._id)
  const deleteMutation = useDeleteContribution()
  const [toDelete, setToDelete] = useState<Contribution | null>(null)
  const [deleteOpen, setDeleteOpen] = useState(false)

  if (contributions.isPending) {
    return (
      <Stack gap="2" role="status" aria-label="Loading contributions">
        <Skeleton height="8" />
        <Skeleton height="8" />
      </Stack>
    )
  }
  if (contributions.isError) {
    return (
      <Text fontSize="sm" color="fg.error" role="alert">
        {getErrorMessage(contributions.error, CONTRIBUTIONS_FALLBACK_ERROR)}
      </Text>
    )
  }

  return (
    <>
      {contributions.data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No contributions yet
        </Text>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={`Contributions to ${goal.name}`}>
          {contributions.data.map((c) => (
            <Flex as="li" key={c._id} gap="2" align="center" fontSize="sm" data-testid="contribution">
              <Box flex="1" minW="0">
                <Text fontWeight="medium" truncate title={c.description}>
                  {c.description}
                </Text>
                <Text color="fg.muted" fontSize="xs">
                  {formatDate(c.date)} · {contributionSourceLabel(c.source)}
                </Text>
              </Box>
              <Text fontWeight="semibold" color="fg.success" whiteSpace="nowrap">
                +{formatMoney(toPence(c.amount))}
              </Text>
              <WriteIconButton
                aria-label={`Delete contribution ${c.description}`}
                variant="ghost"
                size="xs"
                colorPalette="red"
                onClick={() => {
                  deleteMutation.reset()
                  setToDelete(c)
                  setDeleteOpen(true)
                }}
              >
                <Trash2 />
              </WriteIconButton>
            </Flex>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={deleteOpen}
        title="Delete Contribution"
        pending={deleteMutation.isPending}
        error={deleteMutation.isError ? getErrorMessage(deleteMutation.error, DELETE_CONTRIBUTION_FALLBACK_ERROR) : null}
        onDismissError={() => deleteMutation.reset()}
        onConfirm={() => {
          if (!toDelete) return
          deleteMutation.mutate(
            { goalId: goal._id, contributionId: toDelete._id },
            {
              onSuccess: (res) => {
                notifySuccess(res.message || DELETE_CONTRIBUTION_SUCCESS)
                setDeleteOpen(false)
              },
            },
          )
        }}
        onClose={() => setDeleteOpen(false)}
      >
        <Stack gap="2">
          <Text>
            Are you sure you want to delete the contribution &quot;{toDelete?.description}&quot; of{' '}
            {toDelete ? formatMoney(toPence(toDelete.amount)) : ''}?
          </Text>
          <Text color="fg.muted" fontSize="sm">
            The amount saved towards {goal.name} goes down by it.
          </Text>
        </Stack>
      </ConfirmDialog>
    </>
  )
}
