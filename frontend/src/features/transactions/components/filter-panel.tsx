import {
  Badge,
  Box,
  Button,
  Collapsible,
  Flex,
  HStack,
  Input,
  InputGroup,
  SimpleGrid,
  Spacer,
  Stack,
  Text,
} from '@chakra-ui/react'
import { ChevronDown, ChevronUp, SlidersHorizontal, Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { AccountOptions } from '@/components/account-options'
import { DateField } from '@/components/date-field'
import { SelectField } from '@/components/select-field'
import { SummaryTile } from '@/components/summary-tile'
import { TagToggles } from '@/components/tag-toggles'
import type { Account, Category, CreditSummary, Tag, TransactionSummary } from '@/lib/api/types'
import type { HouseholdPerson } from '@/lib/household-access'
import { formatMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { isCreditSummary } from '../api/get-transactions'
import { type FilterKey, filterTagIds, hasActiveFilters, toggledTag, type TransactionFilters } from '../lib/filters'
import { matchingQuickFilter, QUICK_FILTERS, quickFilterRange } from '../lib/quick-filters'
import { rowCountCaption } from '../lib/row-count'

/** How long the search box waits after the last key before searching. */
export const SEARCH_DEBOUNCE_MS = 300

type FilterPanelProps = {
  filters: TransactionFilters
  summary: TransactionSummary | CreditSummary | undefined
  categories: Category[]
  /** The household's tags to filter by; none (no tag filter) while there are none. */
  tags?: readonly Tag[]
  accounts: Account[]
  /** The household's members to filter by ('Made by'); none (no such filter) in a household of one. */
  members?: readonly HouseholdPerson[]
  onChange: (changes: Partial<Record<FilterKey, string>>) => void
  onClearAll: () => void
  /** The clock for the quick filters; tests inject one. */
  now?: () => Date
  defaultOpen?: boolean
}

/** Collapsible filters with the summary of the filtered set. */
export function FilterPanel(props: FilterPanelProps) {
  const { filters, summary, categories, tags = [], accounts, members = [], onChange, onClearAll, now = () => new Date() } =
    props
  const active = hasActiveFilters(filters)
  const [open, setOpen] = useState(props.defaultOpen ?? active)
  const quick = matchingQuickFilter(filters, now())

  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg">
      <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Flex px={{ base: '3', md: '4' }} pt="3" align="center" gap="2" wrap="wrap">
          <Collapsible.Trigger asChild>
            <Button variant="ghost" size="sm" px="2" fontWeight="semibold">
              <SlidersHorizontal aria-hidden="true" />
              Filters
              {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            </Button>
          </Collapsible.Trigger>
          {active ? (
            <Badge colorPalette="teal" variant="solid" rounded="full">
              Active
            </Badge>
          ) : null}
          <Spacer />
          <Button size="sm" variant="outline" onClick={onClearAll} disabled={!active}>
            Clear All
          </Button>
        </Flex>

        <SummaryTiles summary={summary} />

        <Collapsible.Content>
          <Stack gap="4" px={{ base: '3', md: '4' }} pb="4">
            <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
            <SimpleGrid columns={members.length > 0 ? { base: 1, sm: 2, lg: 3, xl: 6 } : { base: 1, sm: 2, lg: 5 }} gap="3">
              <DateField
                label="Start Date"
                size="md"
                value={filters.startDate}
                max={filters.endDate || undefined}
                onChange={(startDate) => onChange({ startDate })}
              />
              <DateField
                label="End Date"
                size="md"
                value={filters.endDate}
                min={filters.startDate || undefined}
                onChange={(endDate) => onChange({ endDate })}
              />
              <SelectField
                label="Type"
                size="md"
                value={filters.type}
                onChange={(e) => onChange({ type: e.target.value })}
              >
                <option value="">All</option>
                <option value="income">Income</option>
                <option value="expense">Expense</option>
              </SelectField>
              <SelectField
                label="Category"
                size="md"
                value={filters.category}
                onChange={(e) => onChange({ category: e.target.value })}
              >
                <option value="">All Categories</option>
                {categories.map((c) => (
                  <option key={c._id} value={c._id}>
                    {c.name}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label="Account"
                size="md"
                value={filters.account}
                onChange={(e) => onChange({ account: e.target.value })}
              >
                <option value="">All Accounts</option>
                <AccountOptions accounts={accounts} />
              </SelectField>
              {members.length > 0 ? (
                <SelectField
                  label="Made by"
                  size="md"
                  value={filters.createdBy}
                  onChange={(e) => onChange({ createdBy: e.target.value })}
                >
                  <option value="">Anyone</option>
                  {members.map((m) => (
                    <option key={m._id} value={m._id}>
                      {m.name}
                    </option>
                  ))}
                  {/* A link to someone who has since left: still the filter in force, and named as such. */}
                  {filters.createdBy && !members.some((m) => m._id === filters.createdBy) ? (
                    <option value={filters.createdBy}>A former member</option>
                  ) : null}
                </SelectField>
              ) : null}
            </SimpleGrid>
            {tags.length > 0 ? <TagFilter tags={tags} filters={filters} onChange={onChange} /> : null}
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="2">
                Quick Filters
              </Text>
              <HStack gap="2" wrap="wrap">
                {QUICK_FILTERS.map(({ id, label }) => (
                  <Button
                    key={id}
                    size="xs"
                    rounded="full"
                    colorPalette="teal"
                    variant={quick === id ? 'solid' : 'outline'}
                    aria-pressed={quick === id}
                    onClick={() => onChange(quickFilterRange(id, now()))}
                  >
                    {label}
                  </Button>
                ))}
              </HStack>
            </Box>
          </Stack>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  )
}

/**
 * The search text, sent `SEARCH_DEBOUNCE_MS` after the last key. It follows
 * the URL when that changes from elsewhere (Clear All, back button).
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value)
  const sent = useRef(value)
  const onSearchRef = useRef(onSearch)

  useEffect(() => {
    onSearchRef.current = onSearch
  }, [onSearch])

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => {
    if (text === sent.current) return undefined
    const timer = setTimeout(() => {
      sent.current = text
      onSearchRef.current(text)
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  return (
    <InputGroup startElement={<Search size={16} aria-hidden="true" />}>
      <Input
        type="search"
        aria-label="Search transactions"
        placeholder="Search by description or category..."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </InputGroup>
  )
}

function SummaryTiles({ summary }: { summary: TransactionSummary | CreditSummary | undefined }) {
  const show = (pounds: number | undefined, abs = false) => {
    if (pounds === undefined) return '—'
    const pence = toPence(pounds)
    return formatMoney(abs ? Math.abs(pence) : pence)
  }
  const net = summary ? toPence(summary.netAmount) : 0
  return (
    <Box px={{ base: '3', md: '4' }} py="3">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '3' }} role="group" aria-label="Summary">
        <SummaryTile label="Total Income" value={show(summary?.totalIncome)} color="fg.success" />
        <SummaryTile
          label="Total Expenses"
          value={show(summary?.totalExpenses, true)}
          color="fg.error"
        />
        <SummaryTile
          label="Net Amount"
          value={show(summary?.netAmount)}
          color={net < 0 ? 'fg.error' : 'fg.success'}
        />
        <SummaryTile
          label="Transactions"
          value={summary ? String(summary.transactionCount) : '—'}
          caption={summary ? (rowCountCaption(summary) ?? undefined) : undefined}
        />
      </SimpleGrid>
      {summary && isCreditSummary(summary) ? (
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '3' }} mt={{ base: '2', md: '3' }}>
          <SummaryTile label="Credit Limit" value={show(summary.creditLimit)} />
          <SummaryTile label="Available Credit" value={show(summary.availableCredit)} />
          <SummaryTile label="Current Debt" value={show(summary.currentDebt)} color="fg.error" />
          <SummaryTile label="Credit Used" value={`${summary.creditUsed.toFixed(1)}%`} />
        </SimpleGrid>
      ) : null}
    </Box>
  )
}

type TagFilterProps = {
  tags: readonly Tag[]
  filters: TransactionFilters
  onChange: (changes: Partial<Record<FilterKey, string>>) => void
}

/** One toggle per tag, and with two or more chosen, whether a row needs any or all of them. */
function TagFilter({ tags, filters, onChange }: TagFilterProps) {
  const chosen = filterTagIds(filters)
  return (
    <Box role="group" aria-labelledby="tag-filter-label">
      <Flex align="center" gap="2" mb="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium" id="tag-filter-label">
          Tags
        </Text>
        {chosen.length > 1 ? (
          <HStack gap="0" role="radiogroup" aria-label="Match tags">
            {(
              [
                ['', 'Any'],
                ['all', 'All'],
              ] as const
            ).map(([mode, label]) => (
              <Button
                key={label}
                size="2xs"
                variant={filters.tagMode === mode ? 'solid' : 'outline'}
                colorPalette="teal"
                role="radio"
                aria-checked={filters.tagMode === mode}
                roundedStart={mode === '' ? 'full' : '0'}
                roundedEnd={mode === 'all' ? 'full' : '0'}
                onClick={() => onChange({ tagMode: mode })}
              >
                {label}
              </Button>
            ))}
          </HStack>
        ) : null}
      </Flex>
      <TagToggles tags={tags} chosen={chosen} onToggle={(id) => onChange(toggledTag(filters, id))} />
    </Box>
  )
}
