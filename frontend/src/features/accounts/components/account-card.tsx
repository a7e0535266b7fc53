import { Badge, Box, Card, Flex, HStack, Menu, Portal, Progress, Stack, Text } from '@chakra-ui/react'
import { EllipsisVertical, FileUp, Link2, Lock, Pencil, Trash2 } from 'lucide-react'
import { AccountTypeIcon } from '@/components/account-type-icon'
import { WriteIconButton } from '@/components/write-access'
import type { Account } from '@/lib/api/types'
import { formatMoney } from '@/lib/format'
import {
  accountTypeLabel,
  accountTypePalette,
  balanceTone,
  isCreditType,
  TONE_COLOR,
} from '@/lib/ledger/account-types'
import { toPence } from '@/lib/money'

type AccountCardProps = {
  account: Account
  /** A bank connection imports into it. */
  linked?: boolean
  onEdit: () => void
  onDelete: () => void
  /** Opens the statement import for this account. */
  onImport?: () => void
}

/** One account: name, type chip, balance in its colour, and the breakdown of the balance. */
export function AccountCard({ account, linked = false, onEdit, onDelete, onImport }: AccountCardProps) {
  const balance = toPence(account.currentBalance)
  const initial = toPence(account.initialBalance)
  const credit = isCreditType(account.type)
  const palette = accountTypePalette(account.type)

  return (
    <Card.Root variant="outline" bg="bg" size="sm" data-testid="account-card">
      <Card.Body gap="4">
        <Flex gap="3" align="flex-start">
          <AccountTypeIcon type={account.type} />
          <Stack gap="1" flex="1" minW="0">
            <Text as="h2" fontWeight="semibold" fontSize="lg" truncate title={account.name}>
              {account.name}
            </Text>
            <Flex gap="1.5" wrap="wrap">
              <Badge colorPalette={palette} variant="subtle">
                {accountTypeLabel(account.type)}
              </Badge>
              {account.visibility === 'private' ? (
                <Badge colorPalette="gray" variant="outline" title="Only you see this account">
                  <Lock size={12} aria-hidden="true" />
                  Private
                </Badge>
              ) : null}
              {linked ? (
                <Badge colorPalette="teal" variant="outline" title="Imported from a linked bank">
                  <Link2 size={12} aria-hidden="true" />
                  Linked
                </Badge>
              ) : null}
            </Flex>
          </Stack>
          <Menu.Root
            positioning={{ placement: 'bottom-end' }}
            onSelect={({ value }) => {
              if (value === 'edit') onEdit()
              else if (value === 'delete') onDelete()
              else if (value === 'import') onImport?.()
            }}
          >
            <Menu.Trigger asChild>
              {/* Every entry changes the account: a viewer finds the menu itself disabled. */}
              <WriteIconButton aria-label={`Actions for ${account.name}`} variant="ghost" size="sm">
                <EllipsisVertical />
              </WriteIconButton>
            </Menu.Trigger>
            <Portal>
              <Menu.Positioner>
                <Menu.Content minW="44">
                  <Menu.Item value="edit">
                    <Pencil size={16} aria-hidden="true" />
                    Edit Account
                  </Menu.Item>
                  {onImport ? (
                    <Menu.Item value="import">
                      <FileUp size={16} aria-hidden="true" />
                      Import Statement
                    </Menu.Item>
                  ) : null}
                  <Menu.Item value="delete" color="fg.error">
                    <Trash2 size={16} aria-hidden="true" />
                    Delete Account
                  </Menu.Item>
                </Menu.Content>
              </Menu.Positioner>
            </Portal>
          </Menu.Root>
        </Flex>

        <Box>
          <Text fontSize="sm" color="fg.muted">
            Current Balance
          </Text>
          <Text
            fontSize="2xl"
            fontWeight="bold"
            fontVariantNumeric="tabular-nums"
            color={TONE_COLOR[balanceTone(account.type, balance)]}
            data-testid="account-balance"
          >
            {formatMoney(balance)}
          </Text>
        </Box>

        {credit ? <CreditFigures account={account} /> : null}

        {initial !== 0 ? (
          <Flex
            fontSize="xs"
            color="fg.muted"
            wrap="wrap"
            columnGap="3"
            rowGap="0.5"
            data-testid="account-breakdown"
          >
            <Text whiteSpace="nowrap">Initial {formatMoney(initial)}</Text>
            <Text whiteSpace="nowrap">Income {formatMoney(toPence(account.totalIncome))}</Text>
            <Text whiteSpace="nowrap">Expenses {formatMoney(toPence(account.totalExpenses))}</Text>
            <Text whiteSpace="nowrap">Transfers {formatMoney(toPence(account.totalTransfers))}</Text>
          </Flex>
        ) : null}
      </Card.Body>
    </Card.Root>
  )
}

function CreditFigures({ account }: { account: Account }) {
  const limit = account.creditLimit == null ? null : toPence(account.creditLimit)
  const available = account.availableCredit == null ? null : toPence(account.availableCredit)
  const used = account.creditUsed ?? 0
  if (limit === null) return null
  return (
    <Stack gap="1.5">
      <Progress.Root
        value={Math.min(used, 100)}
        size="xs"
        colorPalette={used >= 90 ? 'red' : used >= 50 ? 'orange' : 'green'}
        aria-label="Credit used"
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <HStack justify="space-between" fontSize="xs" color="fg.muted" wrap="wrap" gap="1">
        <Text>Limit {formatMoney(limit)}</Text>
        {available !== null ? <Text>Available {formatMoney(available)}</Text> : null}
        <Text>{used.toFixed(1)}% used</Text>
      </HStack>
    </Stack>
  )
}
