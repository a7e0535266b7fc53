//! A report (a month's, or a whole year's with its months, a tax year's with its Self Assessment
//! table) as a PDF, rendered with genpdf.
//!
//! The fonts (Liberation Sans, SIL Open Font License, see fonts/LICENSE-OFL.txt) are compiled
//! into the binary and embedded in every PDF, so rendering needs no fonts on the machine and
//! the file looks the same everywhere. Every page carries the header: the product's name, the
//! period, the user, the account, the generation date and "Page X of Y" (the document is laid
//! out once to count its pages, then again with the total). Tables repeat their column
//! headings on every page they continue on, and wrap long cells instead of cutting them.

mod receipt;
mod table;

use async_trait::async_trait;
use bounded_work::{BoundedPool, Limits, PoolError};
use domain::reports::{BreakdownLine, MonthFigures};
use domain::tax_year::SelfAssessment;
use domain::Money;
use genpdf::elements::{Break, Paragraph};
use genpdf::fonts::{FontData, FontFamily};
use genpdf::style::{Color, Style};
use genpdf::{Element, Margins, Position};
use ports::reports::{PdfRenderer, PdfReport};
use ports::WorkError;
use std::sync::OnceLock;

use table::{Align, Column, Table};

pub use receipt::e_receipt;

const REGULAR: &[u8] = include_bytes!("../fonts/LiberationSans-Regular.ttf");
const BOLD: &[u8] = include_bytes!("../fonts/LiberationSans-Bold.ttf");

const BRAND: Color = Color::Rgb(13, 148, 136);
const MUTED: Color = Color::Rgb(90, 90, 90);
const GREEN: Color = Color::Rgb(21, 128, 61);
const RED: Color = Color::Rgb(185, 28, 28);

/// Renders [`PdfReport`]s with genpdf on a bounded pool of threads: at most `concurrency`
/// documents are laid out at once (a 2,000-row report holds tens of MB while it is built) and
/// four times as many wait; beyond that a request is answered busy at once.
pub struct GenPdfRenderer {
    pool: BoundedPool<()>,
}

impl GenPdfRenderer {
    pub fn new(concurrency: usize) -> anyhow::Result<Self> {
        let pool = BoundedPool::start("pdf", Limits::with_workers(concurrency), || ())
            .map_err(|e| anyhow::anyhow!("starting the PDF threads: {e}"))?;
        fonts()?; // a broken embedded font fails at start-up, not on the first download
        Ok(Self { pool })
    }
}

#[async_trait]
impl PdfRenderer for GenPdfRenderer {
    #[tracing::instrument(level = "debug", skip_all, fields(rows = report.report.transactions.len()))]
    async fn render(&self, report: PdfReport) -> Result<Vec<u8>, WorkError> {
        let job = move |_: &mut ()| {
            let pdf = render(&report);
            bounded_work::give_back_freed_memory(); // the laid-out document is tens of MB
            pdf
        };
        match self.pool.run(job).await {
            Ok(pdf) => Ok(pdf?),
            Err(PoolError::Saturated) => Err(WorkError::Busy),
            Err(PoolError::Panicked) => Err(WorkError::Failed(anyhow::anyhow!("rendering the PDF panicked"))),
        }
    }
}

/// The embedded fonts, parsed once for the life of the process; each document gets a copy.
fn fonts() -> anyhow::Result<FontFamily<FontData>> {
    static FONTS: OnceLock<Result<FontFamily<FontData>, String>> = OnceLock::new();
    let parsed = FONTS.get_or_init(|| {
        let data = |bytes: &[u8], builtin| {
            FontData::new(bytes.to_vec(), builtin).map_err(|e| format!("loading an embedded font: {e}"))
        };
        // Italics are never used: they map to PDF built-ins so that only two fonts are embedded.
        Ok(FontFamily {
            regular: data(REGULAR, None)?,
            bold: data(BOLD, None)?,
            italic: data(REGULAR, Some(printpdf::BuiltinFont::Helvetica))?,
            bold_italic: data(BOLD, Some(printpdf::BuiltinFont::Helvetica))?,
        })
    });
    parsed.clone().map_err(|e| anyhow::anyhow!(e))
}

/// Lays out and writes the whole document into memory: twice, the first time to count pages.
pub fn render(report: &PdfReport) -> anyhow::Result<Vec<u8>> {
    let pages = std::rc::Rc::new(std::cell::Cell::new(0usize));
    let mut first = Vec::new();
    document(report, None, pages.clone())?
        .render(&mut first)
        .map_err(|e| anyhow::anyhow!("laying out the PDF: {e}"))?;
    let total = pages.get();
    let mut out = Vec::new();
    document(report, Some(total), std::rc::Rc::new(std::cell::Cell::new(0)))?
        .render(&mut out)
        .map_err(|e| anyhow::anyhow!("writing the PDF: {e}"))?;
    Ok(out)
}

/// The header printed at the top of every page.
struct Header {
    lines: Vec<(String, Style)>,
    page_line: String,
    total: Option<usize>,
    page: std::rc::Rc<std::cell::Cell<usize>>,
}

impl genpdf::PageDecorator for Header {
    fn decorate_page<'a>(
        &mut self,
        context: &genpdf::Context,
        mut area: genpdf::render::Area<'a>,
        style: Style,
    ) -> Result<genpdf::render::Area<'a>, genpdf::error::Error> {
        self.page.set(self.page.get() + 1);
        area.add_margins(Margins::trbl(12, 15, 14, 15));
        let mut y = genpdf::Mm::from(0);
        let page = match self.total {
            Some(total) => format!("Page {} of {}", self.page.get(), total),
            None => format!("Page {} of ?", self.page.get()),
        };
        let lines = self.lines.iter().cloned().chain(std::iter::once((
            format!("{}   ·   {}", self.page_line, page),
            style.with_font_size(8).with_color(MUTED),
        )));
        for (text, line_style) in lines {
            area.print_str(&context.font_cache, Position::new(0, y), line_style, &text)?;
            y += line_style.line_height(&context.font_cache);
        }
        y += genpdf::Mm::from(1.5);
        let width = area.size().width;
        area.draw_line(vec![Position::new(0, y), Position::new(width, y)], Style::new().with_color(BRAND));
        area.add_offset(Position::new(0, y + genpdf::Mm::from(4)));
        Ok(area)
    }
}

fn document(
    report: &PdfReport,
    total: Option<usize>,
    page: std::rc::Rc<std::cell::Cell<usize>>,
) -> anyhow::Result<genpdf::Document> {
    let mut doc = genpdf::Document::new(fonts()?);
    doc.set_title(format!("MySpending financial report {}", report.period_label));
    doc.set_font_size(9);
    doc.set_line_spacing(1.2);
    doc.set_paper_size(genpdf::PaperSize::A4);
    // No print-shop colour profile (printpdf's PDF/X default embeds 650 kB of FOGRA39): a report
    // is read on a screen or printed at home, and the fonts stay embedded.
    doc.set_minimal_conformance();
    doc.set_page_decorator(Header {
        lines: vec![
            ("MySpending".into(), Style::new().bold().with_font_size(16).with_color(BRAND)),
            (format!("Financial Report — {}", report.period_label), Style::new().bold().with_font_size(11)),
            (
                format!("{} ({})   ·   Account: {}", report.user_name, report.user_email, report.account_label),
                Style::new().with_font_size(8),
            ),
        ],
        page_line: format!("Generated on {}", report.generated_on.format("%d/%m/%Y")),
        total,
        page,
    });

    let s = &report.report.summary;
    let heading = |text: &str| Paragraph::new(text.to_owned()).styled(Style::new().bold().with_font_size(11));
    doc.push(heading("Summary"));
    doc.push(Break::new(0.4));
    let (net_label, net_colour) = net_amount_label(s.net_amount);
    let summary = Table::new(vec![
        Column::new("", 3, Align::Left),
        Column::new("", 2, Align::Right),
        Column::new("", 3, Align::Left),
        Column::new("", 2, Align::Right),
    ])
    .without_header()
    .row(vec!["Total income".into(), gbp(s.total_income), "Income transactions".into(), s.income_count.to_string()])
    .row(vec![
        "Total expenses".into(),
        gbp(s.total_expenses),
        "Expense transactions".into(),
        s.expense_count.to_string(),
    ])
    .row_styled(
        vec![net_label.to_owned(), gbp(s.net_amount), "Total transactions".into(), s.total_transactions.to_string()],
        net_colour,
    )
    .row(vec!["Opening balance".into(), gbp(s.opening_balance), "Closing balance".into(), gbp(s.closing_balance)]);
    doc.push(summary);
    if s.transfer_legs > 0 {
        let legs = if s.transfer_legs == 1 {
            "1 transfer leg".to_owned()
        } else {
            format!("{} transfer legs", s.transfer_legs)
        };
        doc.push(Break::new(0.3));
        doc.push(
            Paragraph::new(format!(
                "Transactions are income and expenses; the list below also shows {legs}, not counted among them."
            ))
            .styled(Style::new().with_font_size(8).with_color(MUTED)),
        );
    }
    doc.push(Break::new(1.2));

    if let Some(sa) = &report.self_assessment {
        doc.push(heading("Self Assessment"));
        doc.push(Break::new(0.4));
        doc.push(self_assessment_table(sa));
        doc.push(Break::new(1.2));
    }

    if !report.months.is_empty() {
        doc.push(heading("Month by Month"));
        doc.push(Break::new(0.4));
        doc.push(months_table(&report.months));
        doc.push(Break::new(1.2));
    }

    for (title, lines) in
        [("Income by Category", &report.report.income), ("Expenses by Category", &report.report.expenses)]
    {
        doc.push(heading(title));
        doc.push(Break::new(0.4));
        if lines.is_empty() {
            doc.push(
                Paragraph::new(format!("None in {}.", report.period_label)).styled(Style::new().with_color(MUTED)),
            );
        } else {
            doc.push(breakdown_table(lines));
        }
        doc.push(Break::new(1.2));
    }

    doc.push(heading("Transactions"));
    doc.push(Break::new(0.4));
    if report.report.transactions.is_empty() {
        doc.push(
            Paragraph::new(format!("No transactions found for {}", report.period_label))
                .styled(Style::new().with_color(MUTED)),
        );
    } else {
        let mut table = Table::new(vec![
            Column::new("Date", 12, Align::Left),
            Column::new("Description", 34, Align::Left),
            Column::new("Category", 18, Align::Left),
            Column::new("Account", 18, Align::Left),
            Column::new("Amount", 16, Align::Right),
        ]);
        for t in &report.report.transactions {
            let category = if t.is_transfer {
                "Transfer".to_owned()
            } else {
                t.category_name().unwrap_or_else(|| "Uncategorised".to_owned())
            };
            let colour = if t.amount.is_negative() { RED } else { GREEN };
            table = table.row_with_cell_colour(
                vec![
                    t.date.format("%d/%m/%Y").to_string(),
                    t.description.clone(),
                    category,
                    t.account.clone(),
                    gbp(t.amount),
                ],
                4,
                colour,
            );
        }
        doc.push(table);
    }
    Ok(doc)
}

/// The summary's net row: a surplus above zero, a deficit below, and neither for a month that
/// nets to exactly zero (no activity, or income equal to expenses), as on the reports screen.
fn net_amount_label(net: Money) -> (&'static str, Option<Color>) {
    if net.is_positive() {
        ("Net amount (Surplus)", Some(GREEN))
    } else if net.is_negative() {
        ("Net amount (Deficit)", Some(RED))
    } else {
        ("Net amount", None)
    }
}

/// A year's months: income, expenses and net of each, the net coloured as a surplus or deficit.
fn months_table(months: &[(String, MonthFigures)]) -> Table {
    let mut table = Table::new(vec![
        Column::new("Month", 28, Align::Left),
        Column::new("Transactions", 16, Align::Right),
        Column::new("Income", 19, Align::Right),
        Column::new("Expenses", 19, Align::Right),
        Column::new("Net", 18, Align::Right),
    ]);
    for (name, f) in months {
        let colour = net_amount_label(f.net).1.unwrap_or(MUTED);
        table = table.row_with_cell_colour(
            vec![
                name.clone(),
                (f.income_count + f.expense_count).to_string(),
                gbp(f.income),
                gbp(f.expenses),
                gbp(f.net),
            ],
            4,
            colour,
        );
    }
    table
}

/// The categories marked for tax with their totals: income for tax, then allowable expenses,
/// each with its total, and the net of the two.
fn self_assessment_table(sa: &SelfAssessment) -> Table {
    let mut table = Table::new(vec![Column::new("Category", 70, Align::Left), Column::new("Total", 30, Align::Right)]);
    for (title, lines, total) in [
        ("Income for tax", &sa.income, sa.total_income),
        ("Allowable expenses", &sa.allowable_expenses, sa.total_allowable_expenses),
    ] {
        table = table.row_styled(vec![title.to_owned(), String::new()], None);
        if lines.is_empty() {
            table = table.row_with_cell_colour(vec!["  None marked".into(), gbp(Money::ZERO)], 0, MUTED);
        }
        for l in lines {
            table = table.row(vec![format!("  {}", l.category), gbp(l.total)]);
        }
        table = table.row(vec![format!("Total {}", title.to_lowercase()), gbp(total)]);
    }
    table.row_styled(vec!["Net (income less allowable expenses)".into(), gbp(sa.net)], net_amount_label(sa.net).1)
}

fn breakdown_table(lines: &[BreakdownLine]) -> Table {
    let mut table = Table::new(vec![
        Column::new("Category", 50, Align::Left),
        Column::new("Transactions", 16, Align::Right),
        Column::new("Amount", 20, Align::Right),
        Column::new("%", 14, Align::Right),
    ]);
    for l in lines {
        table = table.row(vec![
            l.name.clone(),
            l.count.to_string(),
            gbp(l.total),
            format!("{}.{}%", l.percentage_tenths / 10, l.percentage_tenths % 10),
        ]);
    }
    table
}

/// £1,234.56 and -£5.00.
fn gbp(m: Money) -> String {
    m.format_gbp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_that_nets_to_zero_is_neither_a_surplus_nor_a_deficit() {
        assert_eq!(net_amount_label(Money::from_pence(0)), ("Net amount", None));
    }

    #[test]
    fn a_positive_net_is_a_surplus_and_a_negative_one_a_deficit() {
        assert_eq!(net_amount_label(Money::from_pence(1)), ("Net amount (Surplus)", Some(GREEN)));
        assert_eq!(net_amount_label(Money::from_pence(-1)), ("Net amount (Deficit)", Some(RED)));
    }
}
