import { Box, Button, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react'
import { DoorOpen } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { notifySuccess } from '@/components/notify'
import { getErrorMessage } from '@/lib/api/client'
import { LEAVE_FALLBACK_ERROR, useLeaveHousehold } from '../api/leave-household'

/**
 * A member's or viewer's way out: asked first; left, every query is fetched again (their figures
 * are their new household's) and a notice says which household they left.
 */
export function LeaveCard({ householdName }: { householdName: string }) {
  const leave = useLeaveHousehold()
  const [open, setOpen] = useState(false)
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Body gap="3">
        <HStack gap="2">
          <DoorOpen size={20} aria-hidden="true" />
          <Heading as="h2" size="lg">
            Leave
          </Heading>
        </HStack>
        <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} justify="space-between">
          <Box>
            <Text fontSize="sm" color="fg.muted">
              You will get a household of your own; everything shared stays here.
            </Text>
          </Box>
          <Button
            variant="outline"
            colorPalette="red"
            flexShrink={0}
            minH={{ base: '11', md: '0' }}
            onClick={() => {
              leave.reset()
              setOpen(true)
            }}
          >
            Leave household
          </Button>
        </Flex>
      </Card.Body>
      <ConfirmDialog
        open={open}
        title={`Leave ${householdName}?`}
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        error={leave.isError ? getErrorMessage(leave.error, LEAVE_FALLBACK_ERROR) : null}
        onDismissError={() => leave.reset()}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(`You left ${householdName}`)
              setOpen(false)
            },
          })
        }
        onClose={() => setOpen(false)}
      >
        You will get a household of your own; everything shared stays here.
      </ConfirmDialog>
    </Card.Root>
  )
}
