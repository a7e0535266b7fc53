import {
  Box,
  Button,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { AccountOptions } from '@/components/account-options'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { SelectField } from '@/components/select-field'
import { usePageTitle } from '@/components/use-page-title'
import { useTimedNotice } from '@/components/use-timed-notice'
import { getErrorMessage } from '@/lib/api/client'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { useDownloadReportPdf } from '../api/download-report-pdf'
import { REPORT_FALLBACK_ERROR, useMonthlyReport } from '../api/get-monthly-report'
import { useYearlyReport } from '../api/get-yearly-report'
import { breakdownRows, countText, netLabel, reportFigures, transferLegsText } from '../lib/figures'
import { londonYearMonth, MONTH_NAMES, monthName } from '@/lib/calendar-day'
import { readReportParams, reportYears } from '../lib/periods'
import { BreakdownTable } from './breakdown-table'
import { ReportTile } from './report-tile'
import { ReportTransactions } from './report-transactions'
import { YearlyOverview } from './yearly-overview'

/** The report snackbar hides after 6 seconds. */
export const REPORT_NOTICE_MS = 6000
export const PDF_SUCCESS = 'Report downloaded successfully!'
export const PDF_PAGE_ERROR = 'Failed to generate PDF. Please try again.'

type ReportsPageProps = {
  /** The clock for the default month and the year list; tests inject one. */
  now?: () => Date
}

/** /reports: a month's figures, breakdowns and transactions, its PDF, and the year's chart. */
export function ReportsPage({ now = () => new Date() }: ReportsPageProps) {
  usePageTitle('Reports')
  const [searchParams, setSearchParams] = useSearchParams()
  const [clock] = useState(now)
  const params = useMemo(() => readReportParams(searchParams, clock), [searchParams, clock])
  const years = reportYears(londonYearMonth(clock).year)
  const accounts = useAccounts()
  const report = useMonthlyReport(params)
  // The yearly chart's query (shared with YearlyOverview), so its failure joins the page's one alert.
  const yearly = useYearlyReport(params.year)
  const pdf = useDownloadReportPdf()
  const { notice, show, clear } = useTimedNotice(REPORT_NOTICE_MS)
  const [pdfPageError, setPdfPageError] = useState(false)
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false

  const setFilter = (key: 'year' | 'month' | 'account', value: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )

  const accountList = accounts.data?.accounts ?? []
  const periodText = `${monthName(params.month)} ${params.year}`
  const figures = report.data ? reportFigures(report.data.summary) : null
  const net = figures ? netLabel(figures.netPence) : null
  const transactions = report.data?.transactions ?? []

  const download = () => {
    setPdfPageError(false)
    pdf.mutate(params, {
      onSuccess: () => show(PDF_SUCCESS, 'success'),
      onError: (error) => {
        show(`PDF generation error: ${getErrorMessage(error, error.message)}`, 'error')
        setPdfPageError(true)
      },
    })
  }

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Flex align={{ base: 'flex-start', sm: 'center' }} justify="space-between" gap="3" wrap="wrap">
        <Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Financial Reports
          </Heading>
          <Text color="fg.muted" mt="1">
            {periodText} ·{' '}
            {params.accountId
              ? (accountList.find((a) => a._id === params.accountId)?.name ?? 'One account')
              : 'All Accounts'}
          </Text>
        </Box>
        <Button
          colorPalette="teal"
          size={{ base: 'sm', md: 'md' }}
          onClick={download}
          loading={pdf.isPending}
          loadingText="Generating PDF..."
          disabled={!report.data}
        >
          <Download aria-hidden="true" />
          Download PDF
        </Button>
      </Flex>

      <Notice notice={notice} onClose={clear} />
      <ErrorAlert message={pdfPageError ? PDF_PAGE_ERROR : null} onClose={() => setPdfPageError(false)} />
      <LoadError
        sources={[
          { query: report, fallback: REPORT_FALLBACK_ERROR },
          { query: yearly, fallback: REPORT_FALLBACK_ERROR },
          { query: accounts, fallback: ACCOUNTS_FALLBACK_ERROR },
        ]}
      />

      <Card.Root variant="outline" bg="bg">
        <Card.Body p={{ base: '3', md: '4' }}>
          <SimpleGrid columns={{ base: 2, md: 3 }} gap={{ base: '3', md: '4' }}>
            <SelectField
              label="Year"
              size="md"
              value={String(params.year)}
              onChange={(e) => setFilter('year', e.target.value)}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Month"
              size="md"
              value={String(params.month)}
              onChange={(e) => setFilter('month', e.target.value)}
            >
              {MONTH_NAMES.map((name, i) => (
                <option key={name} value={i + 1}>
                  {name}
                </option>
              ))}
            </SelectField>
            <Box gridColumn={{ base: 'span 2', md: 'auto' }}>
              <SelectField
                label="Account"
                size="md"
                value={params.accountId}
                onChange={(e) => setFilter('account', e.target.value)}
              >
                <option value="">All Accounts</option>
                <AccountOptions accounts={accountList} />
              </SelectField>
            </Box>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>

      {report.isPending ? (
        <Stack gap="4" role="status" aria-label="Loading report">
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height="24" borderRadius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton height="48" borderRadius="lg" />
        </Stack>
      ) : figures && report.data ? (
        <Stack gap={{ base: '4', md: '6' }} opacity={report.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '2', md: '4' }}>
            <ReportTile
              label="Total Income"
              value={formatMoney(figures.incomePence)}
              help={countText(figures.incomeCount)}
              color="fg.success"
            />
            <ReportTile
              label="Total Expenses"
              value={formatMoney(figures.expensesPence)}
              help={countText(figures.expenseCount)}
              color="fg.error"
            />
            <ReportTile
              label="Net Amount"
              value={formatSignedMoney(figures.netPence)}
              color={net === 'Deficit' ? 'fg.error' : net === 'Surplus' ? 'fg.success' : undefined}
              badge={net ? { text: net, palette: net === 'Deficit' ? 'red' : 'green' } : undefined}
              help={`Balance ${formatMoney(figures.openingPence)} → ${formatMoney(figures.closingPence)}`}
            />
            <ReportTile
              label="Total Transactions"
              value={String(figures.totalTransactions)}
              help={transferLegsText(figures.transferLegCount) ?? periodText}
            />
          </SimpleGrid>

          <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '6' }}>
            <BreakdownTable
              title="Income by Category"
              rows={breakdownRows(report.data.breakdown.income)}
              emptyText={`No income in ${periodText}`}
            />
            <BreakdownTable
              title="Expenses by Category"
              rows={breakdownRows(report.data.breakdown.expenses)}
              emptyText={`No expenses in ${periodText}`}
            />
          </SimpleGrid>

          <Card.Root variant="outline" bg="bg">
            <Card.Header pb="2" px={{ base: '4', md: '6' }}>
              <Heading as="h2" size="md">
                Transactions
              </Heading>
            </Card.Header>
            <Card.Body pt="2" px={{ base: '4', md: '6' }}>
              {transactions.length === 0 ? (
                <Text color="fg.muted" textAlign="center" py="6">
                  No transactions found for {periodText}
                </Text>
              ) : (
                <ReportTransactions transactions={transactions} asTable={isDesktop} />
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      ) : null}

      <YearlyOverview year={params.year} compact={!isDesktop} />
    </Stack>
  )
}
