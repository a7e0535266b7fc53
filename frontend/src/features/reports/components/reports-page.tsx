import {
  Box,
  Button,
  Card,
  Flex,
  Group,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { AccountOptions } from '@/components/account-options'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { SelectField } from '@/components/select-field'
import { usePageTitle } from '@/components/use-page-title'
import { useTimedNotice } from '@/components/use-timed-notice'
import { getErrorMessage } from '@/lib/api/client'
import { ACCOUNTS_FALLBACK_ERROR, useAccounts } from '@/lib/ledger/get-accounts'
import { replaceSearchParam } from '@/lib/search-params'
import { useDownloadReportPdf } from '../api/download-report-pdf'
import { REPORT_FALLBACK_ERROR, useMonthlyReport } from '../api/get-monthly-report'
import { useYearlyReport } from '../api/get-yearly-report'
import { londonYearMonth, MONTH_NAMES, monthName } from '@/lib/calendar-day'
import { readReportParams, reportYears, WHOLE_YEAR } from '../lib/periods'
import { currentTaxYear, readReportView, type ReportView, taxYearLabel, taxYears } from '../lib/tax-year'
import { ComparisonCard } from './comparison-card'
import { TagTotalsCard } from './tag-totals-card'
import { ReportSkeleton } from './figure-cells'
import { MonthsTable } from './months-table'
import { ReportFigures } from './report-figures'
import { ReportTransactions } from './report-transactions'
import { YearlyOverview } from './yearly-overview'

/** The report snackbar hides after 6 seconds. */
export const REPORT_NOTICE_MS = 6000
export const PDF_SUCCESS = 'Report downloaded successfully!'
export const PDF_PAGE_ERROR = 'Failed to generate PDF. Please try again.'

type ReportsPageProps = {
  /** The clock for the default month and the year list; tests inject one. */
  now?: () => Date
  /** The view the profile opens on (`view=` in the address wins). */
  preferredView?: ReportView | null
}

// The whole year's net worth chart, below the fold, loads with its code when first shown.
const NetWorthCard = lazy(() => import('@/components/net-worth-card').then((m) => ({ default: m.NetWorthCard })))
// The tax year's screen is loaded when first shown, as the reports screens are.
const TaxYearView = lazy(() => import('./tax-year-view').then((m) => ({ default: m.TaxYearView })))

/**
 * /reports: the calendar year's reports (a month, or the whole year) or the UK tax year's,
 * switched by `view=`; it opens on the profile's choice.
 */
export function ReportsPage({ now = () => new Date(), preferredView }: ReportsPageProps) {
  usePageTitle('Reports')
  const [searchParams, setSearchParams] = useSearchParams()
  const [clock] = useState(now)
  const view = readReportView(searchParams, preferredView)
  const currentTax = currentTaxYear(clock)
  const taxYear = Number(searchParams.get('taxYear'))
  const shownTaxYear = taxYears(currentTax).includes(taxYear) ? taxYear : currentTax

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Group attached role="group" aria-label="Report year" alignSelf="flex-start">
        {(['calendar', 'tax'] as const).map((v) => (
          <Button
            key={v}
            size="sm"
            variant={view === v ? 'solid' : 'outline'}
            colorPalette="teal"
            aria-pressed={view === v}
            onClick={() => replaceSearchParam(setSearchParams, 'view', v)}
          >
            {v === 'calendar' ? 'Calendar year' : 'Tax year'}
          </Button>
        ))}
      </Group>
      {view === 'tax' ? (
        <Stack gap={{ base: '4', md: '6' }}>
          <Box>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
              Tax Year Report
            </Heading>
            <Text color="fg.muted" mt="1">
              UK tax year {taxYearLabel(shownTaxYear)} · 6 April to 5 April
            </Text>
          </Box>
          <Suspense fallback={<Skeleton height="48" borderRadius="lg" role="status" aria-label="Loading report" />}>
            <TaxYearView
              year={shownTaxYear}
              current={currentTax}
              onYearChange={(y) => replaceSearchParam(setSearchParams, 'taxYear', String(y))}
            />
          </Suspense>
        </Stack>
      ) : (
        <CalendarYearReports clock={clock} />
      )}
    </Stack>
  )
}

/**
 * A month's figures, breakdowns and transactions — or the whole year's figures, breakdowns and
 * months — its PDF, and the year's chart.
 */
function CalendarYearReports({ clock }: { clock: Date }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const params = useMemo(() => readReportParams(searchParams, clock), [searchParams, clock])
  const years = reportYears(londonYearMonth(clock).year)
  const accounts = useAccounts()
  const report = useMonthlyReport(params)
  // The year's report: the whole-year view, and the yearly chart (YearlyOverview shares the
  // query), so its failure joins the page's one alert.
  const yearly = useYearlyReport(params.year, params.accountId)
  const pdf = useDownloadReportPdf()
  const { notice, show, clear } = useTimedNotice(REPORT_NOTICE_MS)
  const [pdfPageError, setPdfPageError] = useState(false)
  const isDesktop = useBreakpointValue({ base: false, md: true }, { ssr: false }) ?? false

  const setFilter = (key: 'year' | 'month' | 'account', value: string) =>
    replaceSearchParam(setSearchParams, key, value)

  const accountList = accounts.data?.accounts ?? []
  const wholeYear = params.month === null
  const periodText = wholeYear ? String(params.year) : `${monthName(params.month ?? 0)} ${params.year}`
  const transactions = report.data?.transactions ?? []
  // The figures of the period shown: the month's report, or the whole year's.
  const shown = wholeYear ? yearly : report
  const period = shown.data ? { summary: shown.data.summary, breakdown: shown.data.breakdown } : null

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
          disabled={!period}
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
              value={params.month === null ? WHOLE_YEAR : String(params.month)}
              onChange={(e) => setFilter('month', e.target.value)}
            >
              <option value={WHOLE_YEAR}>Whole Year</option>
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

      {shown.isPending ? (
        <ReportSkeleton />
      ) : period ? (
        <Stack gap={{ base: '4', md: '6' }} opacity={shown.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
          <ReportFigures summary={period.summary} breakdown={period.breakdown} periodText={periodText} />
          {wholeYear && yearly.data ? (
            <MonthsTable
              year={params.year}
              months={yearly.data.months}
              onOpenMonth={(month) => setFilter('month', String(month))}
            />
          ) : (
            <>
            {report.data ? <ComparisonCard report={report.data} periodText={periodText} /> : null}
            {report.data ? <TagTotalsCard report={report.data} periodText={periodText} /> : null}
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
            </>
          )}
        </Stack>
      ) : null}

      <YearlyOverview year={params.year} accountId={params.accountId} compact={!isDesktop} />
      {wholeYear ? (
        <Suspense fallback={<Skeleton height="48" borderRadius="lg" />}>
          {/* The month ends from January of the year shown up to this month, that year's kept. */}
          <NetWorthCard
            year={params.year}
            months={(londonYearMonth(clock).year - params.year) * 12 + londonYearMonth(clock).month}
          />
        </Suspense>
      ) : null}
    </Stack>
  )
}
