import {
  Box,
  Button,
  ButtonGroup,
  Flex,
  IconButton,
  Pagination,
  Skeleton,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { getErrorMessage } from '@/lib/api/client'
import { LoadError } from '@/components/load-error'
import { usePageTitle } from '@/components/use-page-title'
import { ReadOnlyHint } from '@/components/write-access'
import type { Transaction } from '@/lib/api/types'
import { isCreditType } from '@/lib/ledger/account-types'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { CATEGORIES_FALLBACK_ERROR, useCategories } from '@/lib/ledger/get-categories'
import { useTags } from '@/lib/tags/get-tags'
import { useNamedMembers } from '@/lib/household-access'
import {
  CREDIT_TRANSACTIONS_FALLBACK_ERROR,
  TRANSACTIONS_FALLBACK_ERROR,
  useTransactions,
} from '../api/get-transactions'
import {
  type FilterKey,
  hasActiveFilters,
  PAGE_SIZE,
  readFilters,
  withFilters,
  withoutFilters,
  withPage,
  withKnownTags,
} from '../lib/filters'
import { EXPORT_FALLBACK_ERROR, useExportCsv } from '../api/export-csv'
import { TRANSFER_SUGGESTIONS_FALLBACK_ERROR, useTransferSuggestions } from '../api/get-transfer-suggestions'
import { RuleOfferDialog } from './rule-offer-dialog'
import { type RulePrefill, useRuleOffer } from './use-rule-offer'
import { DeleteTransactionDialog } from './delete-transaction-dialog'
import { FilterPanel } from './filter-panel'
import { TransactionDialog } from './transaction-dialog'
import { TransactionsDayList } from './transactions-day-list'
import { TransactionsHeader } from './transactions-header'
import { TransactionsTable } from './transactions-table'
import { TransferDialog } from './transfer-dialog'
import { TransferSuggestionsCard } from './transfer-suggestions-card'

export const NO_TRANSACTIONS_TEXT =
  'No transactions found. Add your first transaction to get started!'
export const NO_MATCHES_TEXT = 'No transactions match your filters'

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; transaction: Transaction }
  | { kind: 'transfer' }
  | null

type TransactionsPageProps = {
  /** The clock for quick filters and day headings; tests inject one. */
  now?: () => Date
  /**
   * Opens the rule dialog (which app/ provides) prefilled. With it, recategorising an imported or
   * bank transaction offers to make a rule from it.
   */
  onCreateRule?: (prefill: RulePrefill) => void
}

/** /transactions: filters and summary, the list (table or day groups), pagination. */
export function TransactionsPage({ now, onCreateRule }: TransactionsPageProps) {
  usePageTitle('Transactions')
  const [params, setParams] = useSearchParams()
  const tags = useTags()
  // A tag since merged or deleted (an old link, the back button) is left out rather than refused.
  const filters = useMemo(() => withKnownTags(readFilters(params), tags.data), [params, tags.data])
  const accounts = useAccounts()
  const categories = useCategories()
  const accountList = accounts.data?.accounts ?? []
  const categoryList = useMemo(() => categories.data ?? [], [categories.data])
  // Who made each row, and the 'Made by' filter, only where there is more than one to tell apart.
  const members = useNamedMembers()

  // A credit or credit-card account filter uses the credit-account listing,
  // so the account's type must be known first.
  const filterAccount = accountList.find((a) => a._id === filters.account)
  const creditAccount = filterAccount ? isCreditType(filterAccount.type) : false
  const list = useTransactions(filters, {
    creditAccount,
    enabled: filters.account === '' || !accounts.isPending,
  })

  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [toDelete, setToDelete] = useState<Transaction | null>(null)
  const ruleOffer = useRuleOffer(!!onCreateRule)
  const exportCsv = useExportCsv()
  const suggestions = useTransferSuggestions()

  const categoryIcons = useMemo(
    () => new Map(categoryList.map((c) => [c._id, c.icon] as const)),
    [categoryList],
  )

  const changeFilters = (changes: Partial<Record<FilterKey, string>>) =>
    setParams((prev) => withFilters(prev, changes), { replace: true })

  const clearFilters = () => setParams((prev) => withoutFilters(prev), { replace: true })
  const transactions = list.data?.transactions ?? []
  const pagination = list.data?.pagination
  const filtered = hasActiveFilters(filters)

  // A page past the end (the last row of the last page deleted, or ?page=99) moves to the last page.
  const lastPage = pagination ? Math.max(1, pagination.pages) : null
  const pastTheEnd =
    list.isSuccess && !list.isPlaceholderData && lastPage !== null && filters.page > lastPage
  useEffect(() => {
    if (pastTheEnd && lastPage !== null) setParams((prev) => withPage(prev, lastPage), { replace: true })
  }, [pastTheEnd, lastPage, setParams])

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <TransactionsHeader
        accountId={filters.account}
        exporting={exportCsv.isPending}
        onExport={() => exportCsv.mutate(filters)}
        onAddTransaction={() => setDialog({ kind: 'add' })}
        onCreateTransfer={() => setDialog({ kind: 'transfer' })}
      />
      <ReadOnlyHint />

      <ErrorAlert
        message={exportCsv.isError ? getErrorMessage(exportCsv.error, EXPORT_FALLBACK_ERROR) : null}
        onClose={() => exportCsv.reset()}
      />

      <LoadError
        sources={[
          {
            query: list,
            fallback: creditAccount ? CREDIT_TRANSACTIONS_FALLBACK_ERROR : TRANSACTIONS_FALLBACK_ERROR,
          },
          { query: accounts, fallback: ACCOUNTS_FALLBACK_ERROR },
          { query: categories, fallback: CATEGORIES_FALLBACK_ERROR },
          { query: suggestions, fallback: TRANSFER_SUGGESTIONS_FALLBACK_ERROR },
        ]}
      />

      <FilterPanel
        filters={filters}
        summary={list.data?.summary}
        categories={categoryList}
        tags={tags.data ?? []}
        accounts={accountList}
        members={members}
        onChange={changeFilters}
        onClearAll={clearFilters}
        now={now}
      />

      <TransferSuggestionsCard suggestions={suggestions.data ?? []} />

      {list.isPending || pastTheEnd ? (
        <Stack gap="2" role="status" aria-label="Loading transactions">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height="14" borderRadius="md" />
          ))}
        </Stack>
      ) : list.isSuccess && transactions.length === 0 ? (
        filtered ? (
          <Stack bg="bg" borderWidth="1px" borderRadius="lg" p="8" gap="3" align="center" textAlign="center">
            <Text color="fg.muted">{NO_MATCHES_TEXT}</Text>
            <Button variant="outline" size="sm" onClick={clearFilters}>
              Clear filters
            </Button>
          </Stack>
        ) : (
          <Box bg="bg" borderWidth="1px" borderRadius="lg" p="8" textAlign="center">
            <Text color="fg.muted">{NO_TRANSACTIONS_TEXT}</Text>
          </Box>
        )
      ) : transactions.length > 0 ? (
        <Box opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
          {isDesktop ? (
            <TransactionsTable
              transactions={transactions}
              categoryIcons={categoryIcons}
              showBalance={filters.account !== ''}
              showMaker={members.length > 0}
              inCategory={filters.category}
              onEdit={(transaction) => setDialog({ kind: 'edit', transaction })}
              onDelete={setToDelete}
            />
          ) : (
            <TransactionsDayList
              transactions={transactions}
              categoryIcons={categoryIcons}
              showMaker={members.length > 0}
              inCategory={filters.category}
              now={now}
            />
          )}
        </Box>
      ) : null}

      {pagination && pagination.pages > 1 ? (
        <Flex direction={{ base: 'column', sm: 'row' }} align="center" justify="space-between" gap="3">
          <Text fontSize="sm" color="fg.muted">
            Showing {(pagination.current - 1) * pagination.limit + 1}–
            {Math.min(pagination.current * pagination.limit, pagination.total)} of {pagination.total}
          </Text>
          <Pagination.Root
            count={pagination.total}
            pageSize={PAGE_SIZE}
            page={filters.page}
            siblingCount={isDesktop ? 1 : 0}
            onPageChange={(details) => {
              setParams((prev) => withPage(prev, details.page), { replace: true })
              window.scrollTo({ top: 0 })
            }}
          >
            <ButtonGroup variant="ghost" size="sm">
              <Pagination.PrevTrigger asChild>
                <IconButton aria-label="Previous page">
                  <ChevronLeft />
                </IconButton>
              </Pagination.PrevTrigger>
              <Pagination.Items
                render={(page) => (
                  <IconButton variant={{ base: 'ghost', _selected: 'outline' }} aria-label={`Page ${page.value}`}>
                    {page.value}
                  </IconButton>
                )}
              />
              <Pagination.NextTrigger asChild>
                <IconButton aria-label="Next page">
                  <ChevronRight />
                </IconButton>
              </Pagination.NextTrigger>
            </ButtonGroup>
          </Pagination.Root>
        </Flex>
      ) : null}

      <TransactionDialog
        open={dialog?.kind === 'add' || (dialog?.kind === 'edit' && !dialog.transaction.isTransfer)}
        transaction={dialog?.kind === 'edit' && !dialog.transaction.isTransfer ? dialog.transaction : null}
        onSaved={(saved, mode) => {
          if (mode === 'update' && dialog?.kind === 'edit') ruleOffer.consider(dialog.transaction, saved)
        }}
        onClose={() => setDialog(null)}
      />
      <RuleOfferDialog state={ruleOffer} onCreateRule={onCreateRule} />
      <TransferDialog
        open={dialog?.kind === 'transfer' || (dialog?.kind === 'edit' && dialog.transaction.isTransfer)}
        transfer={dialog?.kind === 'edit' && dialog.transaction.isTransfer ? dialog.transaction : null}
        onClose={() => setDialog(null)}
      />
      <DeleteTransactionDialog transaction={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  )
}
