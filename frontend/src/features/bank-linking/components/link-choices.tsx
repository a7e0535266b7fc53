// The steps before a bank's own page that only some servers show: the choice between providers,
// and Enable Banking's bank list and chosen bank. bank-link-dialog.tsx loads this module the first
// time one of them shows, and owns their data and actions; these only present them.
//
// A module this chunk newly shares with others is split into a chunk of its own, and each such
// chunk adds an entry to the first load's preload map (about 130 bytes gzipped, measured). So the
// icons here are ones nothing else uses (Building2, not the dashboard's Landmark), a hidden text is
// Box's srOnly (not VisuallyHidden, which the shell's write controls use), and the search box
// (Chakra's Input, shared with the forms) is the dialog's: bank-search-box.tsx.
import { Box, Button, chakra, Flex, Stack, Text } from '@chakra-ui/react'
import { Building2, FlaskConical, Globe, type LucideIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import type { Aspsp, BankProviderId, BankProviderInfo } from '../api/types'
import { consentExplanation, consentLengthLabel, filterBanks, PROVIDER_LINES } from '../lib/bank-search'

const PROVIDER_ICONS: Record<BankProviderId, LucideIcon> = { demo: FlaskConical, plaid: Globe, enablebanking: Building2 }

export type ProviderChoiceProps = {
  /** The providers the server has on, in its order. */
  providers: readonly BankProviderInfo[]
  onPick: (provider: BankProviderId) => void
}

/** 'How do you want to connect?': one button per way of linking the server offers. */
export function ProviderChoice({ providers, onPick }: ProviderChoiceProps) {
  const headingId = useId()
  return (
    <Stack gap="3">
      <Text fontWeight="semibold" id={headingId}>
        How do you want to connect?
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" aria-labelledby={headingId}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <ProviderButton provider={provider} onPick={onPick} />
          </li>
        ))}
      </Stack>
    </Stack>
  )
}

/** A provider's name (the button's name) with its line under it (its description). */
function ProviderButton({ provider, onPick }: { provider: BankProviderInfo; onPick: ProviderChoiceProps['onPick'] }) {
  const nameId = useId()
  const lineId = useId()
  const Icon = PROVIDER_ICONS[provider.id]
  return (
    <ChoiceButton variant="outline" labelledBy={nameId} describedBy={lineId} onClick={() => onPick(provider.id)}>
      <Box as="span" color="teal.fg" flexShrink={0}>
        <Icon size={24} aria-hidden="true" />
      </Box>
      <Stack as="span" gap="0.5" flex="1" minW="0">
        <Text as="span" id={nameId} fontWeight="semibold">
          {provider.name}
        </Text>
        <Text as="span" id={lineId} fontSize="sm" color="fg.muted" fontWeight="normal">
          {PROVIDER_LINES[provider.id]}
        </Text>
      </Stack>
    </ChoiceButton>
  )
}

type ChoiceButtonProps = {
  variant: 'outline' | 'ghost'
  /** The id of the words that name the button, and of those that describe it. */
  labelledBy: string
  describedBy: string
  onClick: () => void
  children: React.ReactNode
}

/** A full-width button at least 44 px high whose name is one line of its content (spans: a button holds no blocks). */
function ChoiceButton({ variant, labelledBy, describedBy, onClick, children }: ChoiceButtonProps) {
  return (
    <Button
      variant={variant}
      width="full"
      height="auto"
      minH="11"
      py={variant === 'outline' ? '3' : '2'}
      px={{ base: '3', md: '4' }}
      justifyContent="flex-start"
      textAlign="start"
      whiteSpace="normal"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      <Flex as="span" gap="3" align="center" width="full">
        {children}
      </Flex>
    </Button>
  )
}

type BankListProps = {
  banks: readonly Aspsp[]
  /** What the search box above the list (BankSearchBox) holds. */
  search: string
  /** The id of the list's label ('Choose your bank', above the search box). */
  labelledBy: string
  onPick: (bank: Aspsp) => void
}

/**
 * Enable Banking's UK banks whose names match the search. Each bank is a button in a list that
 * scrolls on its own, so the search box above it stays in sight on a phone.
 */
export function BankList({ banks, search, labelledBy, onPick }: BankListProps) {
  const shown = filterBanks(banks, search)
  return (
    <Stack gap="3">
      {search.trim() ? (
        <Box as="span" srOnly role="status">{`${shown.length} ${shown.length === 1 ? 'bank' : 'banks'}`}</Box>
      ) : null}
      {shown.length > 0 ? (
        <Stack
          as="ul"
          aria-labelledby={labelledBy}
          listStyleType="none"
          gap="0"
          maxH={{ base: '45vh', md: '22rem' }}
          overflowY="auto"
          overscrollBehavior="contain"
          borderWidth="1px"
          borderRadius="md"
          p="1"
          data-testid="enable-banking-banks"
        >
          {shown.map((bank) => (
            <li key={`${bank.country}-${bank.name}`}>
              <BankButton bank={bank} onPick={onPick} />
            </li>
          ))}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {banks.length === 0 ? 'Enable Banking lists no banks here yet.' : `No banks match “${search.trim()}”.`}
        </Text>
      )}
    </Stack>
  )
}

/** A bank in the list: its name is the button's name, its consent length the description. */
function BankButton({ bank, onPick }: { bank: Aspsp; onPick: (bank: Aspsp) => void }) {
  const nameId = useId()
  const lengthId = useId()
  return (
    <ChoiceButton variant="ghost" labelledBy={nameId} describedBy={lengthId} onClick={() => onPick(bank)}>
      <BankLogo logo={bank.logo} />
      <Stack as="span" gap="0" flex="1" minW="0">
        <Text as="span" id={nameId} fontWeight="medium">
          {bank.name}
        </Text>
        <Text as="span" id={lengthId} fontSize="xs" color="fg.muted" fontWeight="normal">
          {consentLengthLabel(bank.maxConsentDays)}
        </Text>
      </Stack>
    </ChoiceButton>
  )
}

/** The bank's logo (decorative: its name is beside it), or a bank icon without one or if it fails. */
function BankLogo({ logo }: { logo: string | null | undefined }) {
  const [failed, setFailed] = useState(false)
  return (
    <Flex as="span" boxSize="8" flexShrink={0} align="center" justify="center" color="fg.muted">
      {logo && !failed ? (
        <chakra.img
          src={logo}
          alt=""
          loading="lazy"
          width="32"
          height="32"
          boxSize="8"
          objectFit="contain"
          onError={() => setFailed(true)}
        />
      ) : (
        <Building2 size={20} aria-hidden="true" />
      )}
    </Flex>
  )
}

/** The bank chosen, and what happens after Continue (the error of a failed start under it). */
export function BankConsent({ bank, error }: { bank: Aspsp; error: string | null }) {
  return (
    <Stack gap="3">
      <Flex
        gap="3"
        align="center"
        p={{ base: '3', md: '4' }}
        borderWidth="2px"
        borderColor="teal.solid"
        borderRadius="lg"
        bg="teal.subtle"
        data-testid="enable-banking-bank"
      >
        <BankLogo logo={bank.logo} />
        <Stack gap="0.5" minW="0">
          <Text fontWeight="semibold">{bank.name}</Text>
          <Text fontSize="sm" color="fg.muted">
            {consentLengthLabel(bank.maxConsentDays)}
          </Text>
        </Stack>
      </Flex>
      <Text fontSize="sm">{consentExplanation(bank.name)}</Text>
      <ErrorAlert message={error} />
    </Stack>
  )
}
