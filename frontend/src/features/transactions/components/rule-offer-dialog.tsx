import { Stack, Text } from '@chakra-ui/react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import type { RulePrefill, useRuleOffer } from './use-rule-offer'

type RuleOfferDialogProps = {
  /** The offer's state (see useRuleOffer). */
  state: ReturnType<typeof useRuleOffer>
  /** Opens the rule dialog that app/ provides; without it nothing is offered. */
  onCreateRule?: (prefill: RulePrefill) => void
}

/**
 * After an imported or bank transaction got another category: 'Always categorise "…" as …?'
 * with Create rule (the rule dialog, prefilled) and Not now.
 */
export function RuleOfferDialog({ state, onCreateRule }: RuleOfferDialogProps) {
  const { offer, open, close } = state
  if (!onCreateRule) return null
  return (
    <ConfirmDialog
      open={open}
      title="Make a rule?"
      confirmLabel="Create rule"
      cancelLabel="Not now"
      confirmPalette="teal"
      onConfirm={() => {
        if (offer) onCreateRule({ pattern: offer.pattern, categoryId: offer.categoryId })
        close()
      }}
      onClose={close}
    >
      <Stack gap="2">
        <Text>
          Always categorise &quot;{offer?.pattern}&quot; as {offer?.categoryName}?
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Future imports and bank syncs whose description contains it get this category.
        </Text>
      </Stack>
    </ConfirmDialog>
  )
}
