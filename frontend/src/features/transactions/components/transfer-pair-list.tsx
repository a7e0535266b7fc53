import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { notifySuccess } from '@/components/notify'
import { WriteButton } from '@/components/write-access'
import { getErrorMessage } from '@/lib/api/client'
import type { TransferSuggestion } from '../api/get-transfer-suggestions'
import { PAIR_FALLBACK_ERROR, PAIR_SUCCESS, usePairTransactions } from '../api/pair-transactions'
import { pairKey, pairText } from '../lib/transfer-pairs'

/**
 * Suggested pairs, each with 'Mark as transfer': one tap pairs the two rows. The button stays
 * loading until the lists and suggestions have been fetched again, so a confirmed pair leaves the
 * list as the spinner stops. A refusal shows the server's reason above the list.
 */
export function TransferPairList({ pairs }: { pairs: readonly TransferSuggestion[] }) {
  const baseId = useId()
  const pair = usePairTransactions()
  const pendingKey = pair.isPending ? `${pair.variables.id}:${pair.variables.withId}` : null
  return (
    <Stack gap="3">
      <ErrorAlert
        message={pair.isError ? getErrorMessage(pair.error, PAIR_FALLBACK_ERROR) : null}
        onClose={() => pair.reset()}
      />
      <Stack as="ul" gap="0" listStyleType="none">
        {pairs.map((p, index) => {
          const key = pairKey(p)
          const textId = `${baseId}-${index}`
          return (
            <Flex
              as="li"
              key={key}
              data-testid="transfer-pair"
              direction={{ base: 'column', sm: 'row' }}
              align={{ base: 'stretch', sm: 'center' }}
              gap={{ base: '2', sm: '4' }}
              py="3"
              _notFirst={{ borderTopWidth: '1px' }}
            >
              <Box id={textId} flex="1" minW="0">
                <Text fontWeight="medium" fontVariantNumeric="tabular-nums" wordBreak="break-word">
                  {pairText(p)}
                </Text>
                <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                  {p.out.description} · {p.in.description}
                </Text>
              </Box>
              <WriteButton
                size="sm"
                colorPalette="teal"
                flexShrink={0}
                alignSelf={{ base: 'flex-start', sm: 'center' }}
                aria-describedby={textId}
                loading={pendingKey === key}
                loadingText="Marking..."
                disabled={pendingKey !== null && pendingKey !== key}
                onClick={() =>
                  // Not mutate's onSuccess: the list is gone (and that callback with it) once the pair leaves it.
                  pair.mutateAsync({ id: p.out._id, withId: p.in._id }).then(
                    (res) => notifySuccess(res.message || PAIR_SUCCESS),
                    () => {}, // Shown above the list.
                  )
                }
              >
                Mark as transfer
              </WriteButton>
            </Flex>
          )
        })}
      </Stack>
    </Stack>
  )
}
