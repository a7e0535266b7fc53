import { Badge, Button, Card, Flex, Heading, Text } from '@chakra-ui/react'
import { ArrowLeftRight } from 'lucide-react'
import { useId, useState } from 'react'
import type { TransferSuggestion } from '../api/get-transfer-suggestions'
import { TransferPairList } from './transfer-pair-list'

/** Pairs shown before 'Show all (N)'. */
export const SUGGESTIONS_SHOWN = 3

/**
 * 'Looks like transfers' above the transaction list: rows that seem to be one payment between the
 * user's own accounts, each confirmed with one tap. Nothing when there are none.
 */
export function TransferSuggestionsCard({ suggestions }: { suggestions: readonly TransferSuggestion[] }) {
  const headingId = useId()
  const [showAll, setShowAll] = useState(false)
  if (suggestions.length === 0) return null
  const shown = showAll ? suggestions : suggestions.slice(0, SUGGESTIONS_SHOWN)
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="bg" borderColor="orange.muted">
      <Card.Body px={{ base: '3', md: '5' }} py={{ base: '3', md: '4' }} gap="1">
        <Flex align="center" gap="2" color="orange.fg">
          <ArrowLeftRight size={18} aria-hidden="true" />
          <Heading as="h2" size="md" id={headingId} color="fg">
            Looks like transfers
          </Heading>
          <Badge colorPalette="orange" variant="subtle">
            {suggestions.length}
          </Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          Money out of one of your accounts and the same amount into another. A transfer counts as neither spending
          nor income.
        </Text>
        <TransferPairList pairs={shown} />
        {suggestions.length > SUGGESTIONS_SHOWN ? (
          <Button variant="ghost" size="sm" alignSelf="flex-start" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
            {showAll ? 'Show fewer' : `Show all (${suggestions.length})`}
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
}
