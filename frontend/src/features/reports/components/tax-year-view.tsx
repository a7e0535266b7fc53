import { Box, Button, Card, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { SelectField } from '@/components/select-field'
import { useTimedNotice } from '@/components/use-timed-notice'
import { getErrorMessage } from '@/lib/api/client'
import { formatUkDay } from '@/lib/calendar-day'
import { formatMoney, formatSignedMoney } from '@/lib/format'
import { toPence } from '@/lib/money'
import { useDownloadTaxYearPdf } from '../api/download-tax-year-pdf'
import { REPORT_FALLBACK_ERROR } from '../api/get-monthly-report'
import { useTaxYearReport } from '../api/get-tax-year-report'
import type { SelfAssessment, TaxMonth } from '../api/types'
import { taxYearLabel, taxYears } from '../lib/tax-year'
import { FlowCell, MonthFlowsTable, NetCell, ReportSkeleton } from './figure-cells'
import { ReportFigures } from './report-figures'

export const TAX_PDF_SUCCESS = 'Report downloaded successfully!'
const NOTICE_MS = 6000

type TaxYearViewProps = {
  /** The year the tax year shown starts in. */
  year: number
  /** The year London's current tax year started in. */
  current: number
  onYearChange: (year: number) => void
}

/**
 * The UK tax year (6 April to 5 April) of every account the member sees: its figures and
 * breakdowns, its twelve tax months April first, the Self Assessment table and its PDF.
 */
export function TaxYearView({ year, current, onYearChange }: TaxYearViewProps) {
  const report = useTaxYearReport(year)
  const pdf = useDownloadTaxYearPdf()
  const { notice, show, clear } = useTimedNotice(NOTICE_MS)
  const [pdfError, setPdfError] = useState<string | null>(null)
  const label = taxYearLabel(year)

  const download = () => {
    setPdfError(null)
    pdf.mutate(year, {
      onSuccess: () => show(TAX_PDF_SUCCESS, 'success'),
      onError: (error) => setPdfError(`PDF generation error: ${getErrorMessage(error, error.message)}`),
    })
  }

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <Card.Root variant="outline" bg="bg">
        <Card.Body p={{ base: '3', md: '4' }}>
          <Flex gap="3" align="flex-end" wrap="wrap" justify="space-between">
            <Box minW="40" flex="1" maxW="xs">
              <SelectField
                label="Tax year"
                size="md"
                value={String(year)}
                onChange={(e) => onYearChange(Number(e.target.value))}
              >
                {taxYears(current).map((y) => (
                  <option key={y} value={y}>
                    {taxYearLabel(y)}
                  </option>
                ))}
              </SelectField>
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
          {report.data ? (
            <Text color="fg.muted" fontSize="sm" mt="2">
              {formatUkDay(report.data.period.startDate)} to {formatUkDay(report.data.period.endDate)} · All Accounts
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>

      <Notice notice={notice} onClose={clear} />
      <ErrorAlert message={pdfError} onClose={() => setPdfError(null)} />
      <LoadError sources={[{ query: report, fallback: REPORT_FALLBACK_ERROR }]} />

      {report.isPending ? (
        <ReportSkeleton />
      ) : report.data ? (
        <Stack gap={{ base: '4', md: '6' }} opacity={report.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
          <SelfAssessmentTable label={label} figures={report.data.selfAssessment} />
          <ReportFigures
            summary={report.data.summary}
            breakdown={report.data.breakdown}
            periodText={`tax year ${label}`}
          />
          <TaxMonthsTable label={label} months={report.data.monthlyBreakdown} />
        </Stack>
      ) : null}
    </Stack>
  )
}

/** The twelve tax months: the 6th of each month to the 5th of the next. */
function TaxMonthsTable({ label, months }: { label: string; months: TaxMonth[] }) {
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Month by Month
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Tax months run from the 6th to the 5th of the next month.
        </Text>
      </Card.Header>
      <Card.Body pt="0" px={{ base: '1', md: '4' }}>
        <MonthFlowsTable label={`Tax months of ${label}`}>
          {months.map((m) => (
            <Table.Row key={m.startDate}>
              <Table.Cell>
                <Text as="span" fontWeight="medium">
                  {m.monthName}
                </Text>
                <Text as="span" display="block" fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                  {formatUkDay(m.startDate).slice(0, 5)} – {formatUkDay(m.endDate).slice(0, 5)}
                </Text>
              </Table.Cell>
              <FlowCell pence={toPence(m.income)} kind="income" />
              <FlowCell pence={toPence(m.expenses)} kind="expenses" />
              <NetCell pence={toPence(m.net)} />
            </Table.Row>
          ))}
        </MonthFlowsTable>
      </Card.Body>
    </Card.Root>
  )
}

/** The categories marked income for tax and allowable expenses, each list totalled, and the net. */
function SelfAssessmentTable({ label, figures }: { label: string; figures: SelfAssessment }) {
  const sections = [
    { title: 'Income for tax', lines: figures.income, total: figures.totalIncome },
    { title: 'Allowable expenses', lines: figures.allowableExpenses, total: figures.totalAllowableExpenses },
  ]
  const net = toPence(figures.net)
  return (
    <Card.Root variant="outline" bg="bg">
      <Card.Header pb="2" px={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          Self Assessment
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          The categories you mark as income for tax or allowable expenses (edit a category to mark it).
        </Text>
      </Card.Header>
      <Card.Body pt="0" px={{ base: '3', md: '6' }}>
        <Table.Root size="sm" aria-label={`Self Assessment for ${label}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Category</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sections.map((s) => [
              <Table.Row key={s.title} bg="bg.subtle">
                <Table.Cell colSpan={2} fontWeight="semibold">
                  {s.title}
                </Table.Cell>
              </Table.Row>,
              ...(s.lines.length === 0
                ? [
                    <Table.Row key={`${s.title}-none`}>
                      <Table.Cell colSpan={2} color="fg.muted">
                        No category marked, or none used in {label}.
                      </Table.Cell>
                    </Table.Row>,
                  ]
                : s.lines.map((l) => (
                    <Table.Row key={`${s.title}-${l.category}`}>
                      <Table.Cell ps="4">{l.category}</Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        {formatMoney(toPence(l.total))}
                      </Table.Cell>
                    </Table.Row>
                  ))),
              <Table.Row key={`${s.title}-total`}>
                <Table.Cell fontWeight="medium">Total {s.title.toLowerCase()}</Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium">
                  {formatMoney(toPence(s.total))}
                </Table.Cell>
              </Table.Row>,
            ])}
            <Table.Row>
              <Table.Cell fontWeight="bold">Net (income less allowable expenses)</Table.Cell>
              <Table.Cell
                textAlign="end"
                whiteSpace="nowrap"
                fontWeight="bold"
                color={net < 0 ? 'fg.error' : net > 0 ? 'fg.success' : undefined}
              >
                {formatSignedMoney(net)}
              </Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Card.Body>
    </Card.Root>
  )
}
