import { Box, Button, Card, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Eye, EyeOff, Plus, Wallet } from 'lucide-react'
import { memo, useDeferredValue } from 'react'
import { Link } from 'react-router'
import { AccountTypeIcon } from '@/components/account-type-icon'
import { formatMoney } from '@/lib/format'
import { useWriteAccess } from '@/lib/household-access'
import { accountTypeLabel, balanceTone, TONE_COLOR } from '@/lib/ledger/account-types'
import { useAccounts } from '@/lib/ledger/get-accounts'
import { toPence } from '@/lib/money'
import { MASKED_AMOUNT } from '../lib/figures'

/** The dashboard shows 4 accounts. */
export const DASHBOARD_ACCOUNTS = 4

type AccountsCardProps = {
  /** Balances show as dots; the page owns this, since the toggle masks every balance on it. */
  hidden: boolean
  onHiddenChange: (hidden: boolean) => void
}

/**
 * My Accounts: net worth and the first four accounts, with the page's Show/Hide balances toggle.
 * The answer is deferred as in the summary strip (see there).
 */
export function AccountsCard(props: AccountsCardProps) {
  const accounts = useDeferredValue(useAccounts())
  const { canWrite } = useWriteAccess()
  return <AccountsCardBody accounts={accounts} canWrite={canWrite} {...props} />
}

type AccountsCardBodyProps = AccountsCardProps & { accounts: ReturnType<typeof useAccounts>; canWrite: boolean }

const AccountsCardBody = memo(function AccountsCardBody({
  accounts,
  canWrite,
  hidden,
  onHiddenChange,
}: AccountsCardBodyProps) {
  const list = accounts.data?.accounts ?? []
  const netWorth = accounts.data ? toPence(accounts.data.netWorth) : 0
  const shown = (pence: number) => (hidden ? MASKED_AMOUNT : formatMoney(pence))

  return (
    <Card.Root variant="outline" bg="bg" h="full">
      <Card.Header>
        <Flex align="center" justify="space-between" gap="3">
          <Heading as="h2" size="md">
            My Accounts
          </Heading>
          <Button
            size="xs"
            variant="ghost"
            onClick={() => onHiddenChange(!hidden)}
            aria-label={hidden ? 'Show balances' : 'Hide balances'}
            aria-pressed={hidden}
          >
            {hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            {hidden ? 'Show' : 'Hide'}
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {accounts.isPending ? (
          <Stack gap="3" role="status" aria-label="Loading accounts">
            <Skeleton height="12" />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="10" />
            ))}
          </Stack>
        ) : accounts.isSuccess ? (
          <Stack gap="4">
            <Box bg="bg.muted" borderRadius="md" px="4" py="3">
              <Text fontSize="sm" color="fg.muted">
                Net Worth
              </Text>
              <Text
                fontSize="2xl"
                fontWeight="bold"
                color={hidden ? 'fg' : netWorth < 0 ? 'fg.error' : 'fg.success'}
                data-testid="dashboard-net-worth"
              >
                {shown(netWorth)}
              </Text>
            </Box>
            {list.length === 0 ? (
              <Stack align="center" textAlign="center" gap="2" py="4" color="fg.muted">
                <Wallet size={32} aria-hidden="true" />
                <Text>No accounts yet</Text>
                {/* A viewer cannot add one: the dashboard's hint line says why. */}
                {canWrite ? (
                  <Button asChild colorPalette="teal" size="sm">
                    <Link to="/accounts">
                      <Plus aria-hidden="true" />
                      Add Account
                    </Link>
                  </Button>
                ) : null}
              </Stack>
            ) : (
              <>
                <Stack as="ul" gap="3" listStyleType="none" aria-label="Accounts">
                  {list.slice(0, DASHBOARD_ACCOUNTS).map((account) => {
                    const balance = toPence(account.currentBalance)
                    return (
                      <HStack as="li" key={account._id} gap="3" data-testid="dashboard-account">
                        <AccountTypeIcon type={account.type} size="9" />
                        <Box flex="1" minW="0">
                          <Text fontWeight="medium" truncate>
                            {account.name}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {accountTypeLabel(account.type)}
                          </Text>
                        </Box>
                        <Text
                          fontWeight="semibold"
                          color={hidden ? 'fg.muted' : TONE_COLOR[balanceTone(account.type, balance)]}
                          whiteSpace="nowrap"
                        >
                          {shown(balance)}
                        </Text>
                      </HStack>
                    )
                  })}
                </Stack>
                <Button asChild variant="outline" size="sm" w="full">
                  <Link to="/accounts">View All Accounts ({accounts.data.totalAccounts})</Link>
                </Button>
              </>
            )}
          </Stack>
        ) : (
          // The page's one load alert says why, with Retry.
          <Text color="fg.muted" textAlign="center" py="4">
            Accounts are not available right now.
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  )
})
