import { Button, Flex, Heading, IconButton, Menu, Portal } from '@chakra-ui/react'
import { Download, Ellipsis, FileUp } from 'lucide-react'
import { Link as RouterLink, useNavigate } from 'react-router'
import { AddMenu } from '@/components/add-menu'
import { useWriteAccess } from '@/lib/household-access'

type TransactionsHeaderProps = {
  /** The account filter: Import opens /import with that account chosen. */
  accountId: string
  /** Export CSV is running. */
  exporting: boolean
  onExport: () => void
  onAddTransaction: () => void
  onCreateTransfer: () => void
}

/** /import, with the filtered account chosen there. */
function importPath(accountId: string) {
  return accountId ? `/import?accountId=${encodeURIComponent(accountId)}` : '/import'
}

/**
 * The heading and its buttons. From md up: Import, Export CSV and Add side by side. On a phone,
 * one row: the heading, Add, and More, a menu holding Import statement and Export CSV (three
 * buttons wrapped into a staircase at 375 px). Both sets are rendered and one hidden by CSS, so the
 * page never swaps its header as the width settles; the hidden one is out of the accessibility tree.
 */
export function TransactionsHeader(props: TransactionsHeaderProps) {
  const { accountId, exporting, onExport, onAddTransaction, onCreateTransfer } = props
  // Importing changes the books: a viewer finds Import disabled (a button, as a link cannot be).
  const { reason } = useWriteAccess()
  return (
    <Flex align="center" justify="space-between" gap="3">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} minW="0">
        Transactions
      </Heading>
      <Flex gap="2" align="center" flexShrink={0}>
        {reason ? (
          <Button variant="outline" hideBelow="md" aria-label="Import statement" disabled title={reason}>
            <FileUp aria-hidden="true" />
            Import
          </Button>
        ) : (
          <Button asChild variant="outline" hideBelow="md">
            <RouterLink to={importPath(accountId)} aria-label="Import statement">
              <FileUp aria-hidden="true" />
              Import
            </RouterLink>
          </Button>
        )}
        <Button variant="outline" hideBelow="md" loading={exporting} loadingText="Exporting..." onClick={onExport}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
        <AddMenu onAddTransaction={onAddTransaction} onCreateTransfer={onCreateTransfer} />
        <MoreMenu accountId={accountId} exporting={exporting} onExport={onExport} />
      </Flex>
    </Flex>
  )
}

/** The phone's More: Import statement and Export CSV, as the wide header's buttons do. */
function MoreMenu({ accountId, exporting, onExport }: Pick<TransactionsHeaderProps, 'accountId' | 'exporting' | 'onExport'>) {
  const navigate = useNavigate()
  const { reason } = useWriteAccess()
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      positioning={{ placement: 'bottom-end' }}
      // The link item chosen from the keyboard: through the router, as a tap on it goes.
      navigate={() => void navigate(importPath(accountId))}
      onSelect={({ value }) => {
        if (value === 'export') onExport()
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label="More" title="More" variant="outline" size="lg" hideFrom="md" loading={exporting}>
          <Ellipsis />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {reason ? (
              <Menu.Item value="import" minH="11" disabled title={reason}>
                <FileUp size={16} aria-hidden="true" />
                Import statement
              </Menu.Item>
            ) : (
              <Menu.Item value="import" asChild minH="11">
                <RouterLink to={importPath(accountId)}>
                  <FileUp size={16} aria-hidden="true" />
                  Import statement
                </RouterLink>
              </Menu.Item>
            )}
            <Menu.Item value="export" minH="11">
              <Download size={16} aria-hidden="true" />
              Export CSV
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
