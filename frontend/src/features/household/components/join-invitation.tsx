import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import {
  ACCEPT_FALLBACK_ERROR,
  asksAboutOwnData,
  type InvitationTarget,
  useAcceptInvitation,
} from '../api/accept-invitation'

type JoinInvitationProps = {
  target: InvitationTarget
  /** The household's name when known (the banner knows it; the e-mailed link does not say). */
  householdName?: string
  /** 'Join household' unless said. */
  joinLabel?: string
  /** More buttons beside Join (the banner's Not now). */
  children?: ReactNode
}

/**
 * Join, for the e-mailed link's page and the dashboard's banner. A user with data of their own is
 * asked first what happens to it (the server's `has_own_data`): Leave my data behind deletes it,
 * so it asks once more, then the invitation is accepted again with that answer; Bring my data
 * moves it in at once (nothing is lost). Any other refusal shows the server's words. Joined, every
 * query is fetched again (the user's figures are the household's now), a notice names the
 * household, and the dashboard opens.
 */
export function JoinInvitation({ target, householdName, joinLabel = 'Join household', children }: JoinInvitationProps) {
  const accept = useAcceptInvitation()
  const navigate = useNavigate()
  // Set by the refusal that asks, and kept while the answer is sent.
  const [choosing, setChoosing] = useState(false)
  const [confirmingLoss, setConfirmingLoss] = useState(false)
  const into = householdName ?? 'the household'

  const join = (bringMyData?: boolean) =>
    accept.mutate(
      { target, bringMyData },
      {
        onSuccess: (household) => {
          setConfirmingLoss(false)
          notifySuccess(`You joined ${household.name}`)
          navigate('/dashboard')
        },
        onError: (error) => {
          // An invitation that can no longer be used ends the question.
          setChoosing(asksAboutOwnData(error))
          setConfirmingLoss(false)
        },
      },
    )

  const error = accept.isError && !asksAboutOwnData(accept.error) ? getErrorMessage(accept.error, ACCEPT_FALLBACK_ERROR) : null
  return (
    <Stack gap="4">
      <ErrorAlert message={error} onClose={() => accept.reset()} />
      {choosing ? (
        <OwnDataChoice
          householdName={householdName}
          pending={accept.isPending}
          onBring={() => join(true)}
          onLeaveBehind={() => setConfirmingLoss(true)}
          onCancel={() => {
            setChoosing(false)
            accept.reset()
          }}
        />
      ) : (
        <Flex gap="3" wrap="wrap">
          <Button
            colorPalette="teal"
            minH={{ base: '11', md: '0' }}
            flex={{ base: '1', sm: 'initial' }}
            loading={accept.isPending}
            loadingText="Joining..."
            onClick={() => join()}
          >
            {joinLabel}
          </Button>
          {children}
        </Flex>
      )}
      <ConfirmDialog
        open={confirmingLoss}
        title="Delete your own data and join?"
        confirmLabel="Delete my data and join"
        pendingLabel="Joining..."
        pending={accept.isPending}
        onConfirm={() => join(false)}
        onClose={() => setConfirmingLoss(false)}
      >
        {`Your own accounts, transactions, budgets, goals, recurring payments and inventory are deleted when you join ${into}. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  )
}

type OwnDataChoiceProps = {
  householdName: string | undefined
  /** Whether the answer is being sent. */
  pending: boolean
  onBring: () => void
  /** Asks once more before the data is deleted. */
  onLeaveBehind: () => void
  onCancel: () => void
}

/** What happens to the user's own data: the two answers, and Cancel. */
function OwnDataChoice({ householdName, pending, onBring, onLeaveBehind, onCancel }: OwnDataChoiceProps) {
  const headingId = useId()
  const bringId = useId()
  const leaveId = useId()
  const into = householdName ?? 'the household'
  return (
    <Stack gap="3" role="group" aria-labelledby={headingId}>
      <Heading as="h3" size="md" id={headingId}>
        You already have data of your own
      </Heading>
      <Text color="fg.muted">
        Your accounts, transactions, budgets and everything else you have recorded on your own. Choose what happens
        to them when you join {into}.
      </Text>
      {/* Side by side where there is room for both (the dashboard's banner), else stacked. */}
      <SimpleGrid minChildWidth="64" gap="3">
        <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="md" p="4" justify="space-between">
          <Text id={bringId}>
            Everything moves into {into}. Your accounts stay private to you, with their transactions; your categories
            join the household's (same names become one).
          </Text>
          <Button
            colorPalette="teal"
            minH={{ base: '11', md: '0' }}
            aria-describedby={bringId}
            loading={pending}
            loadingText="Joining..."
            onClick={onBring}
          >
            Bring my data
          </Button>
        </Stack>
        <Stack gap="3" bg="bg" borderWidth="1px" borderColor="border.error" borderRadius="md" p="4" justify="space-between">
          <Box id={leaveId}>
            <Text fontWeight="semibold" color="fg.error">
              Warning: this deletes your own data.
            </Text>
            <Text>
              Your own accounts, transactions, budgets and everything else you recorded are deleted when you join.
              This cannot be undone.
            </Text>
          </Box>
          <Button
            colorPalette="red"
            variant="outline"
            minH={{ base: '11', md: '0' }}
            aria-describedby={leaveId}
            loading={pending}
            loadingText="Joining..."
            onClick={onLeaveBehind}
          >
            Leave my data behind
          </Button>
        </Stack>
      </SimpleGrid>
      <Button variant="ghost" alignSelf="flex-start" minH={{ base: '11', md: '0' }} disabled={pending} onClick={onCancel}>
        Cancel
      </Button>
    </Stack>
  )
}
