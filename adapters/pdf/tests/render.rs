//! The PDF parsed back: header on every page, the totals, and a 2,000-transaction month.

use adapter_pdf::GenPdfRenderer;
use chrono::NaiveDate;
use domain::reports::{monthly_report, MonthFigures, ReportTransaction};
use domain::transactions::TransactionType;
use domain::Money;
use ports::reports::{PdfRenderer, PdfReport};

fn renderer() -> GenPdfRenderer {
    GenPdfRenderer::new(1).unwrap()
}

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, d).unwrap()
}

fn row(d: u32, description: &str, category: Option<&str>, pence: i64, transfer: bool) -> ReportTransaction {
    ReportTransaction {
        date: day(d),
        description: description.into(),
        category: category.map(|c| (c.into(), "#4CAF50".into())),
        account: "Current Account".into(),
        amount: Money::from_pence(pence),
        transaction_type: if pence > 0 { TransactionType::Income } else { TransactionType::Expense },
        is_transfer: transfer,
        parts: vec![],
    }
}

fn report(rows: Vec<ReportTransaction>) -> PdfReport {
    PdfReport {
        generated_on: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
        user_name: "Jane Doe".into(),
        user_email: "jane@example.com".into(),
        account_label: "All Accounts".into(),
        period_label: "March 2026".into(),
        report: monthly_report(Money::from_pence(123_456), rows),
        months: vec![],
        self_assessment: None,
    }
}

/// Runs one of poppler's tools (poppler-utils; `.ci/run` installs it) on the PDF through stdin:
/// an independent reader, and no second PDF library compiled for the tests.
fn poppler(tool: &str, args: &[&str], pdf: &[u8]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{tool} (poppler-utils) runs: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let bytes = pdf.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&bytes));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(out.status.success(), "{tool} reads the PDF");
    String::from_utf8(out.stdout).expect("UTF-8 text")
}

fn text_of(pdf: &[u8]) -> String {
    poppler("pdftotext", &["-enc", "UTF-8", "-", "-"], pdf)
}

fn page_count(pdf: &[u8]) -> usize {
    let info = poppler("pdfinfo", &["-"], pdf);
    let pages = info.lines().find_map(|l| l.strip_prefix("Pages:")).expect("pdfinfo names the page count");
    pages.trim().parse().unwrap()
}

#[tokio::test]
async fn a_small_month_shows_the_header_and_the_totals() {
    let rows = vec![
        row(1, "Acme Ltd Salary", Some("Salary"), 250_000, false),
        row(2, "Tesco", Some("Groceries"), -4_550, false),
        row(3, "Nando's", Some("Eating Out"), -2_000, false),
        row(5, "To savings", None, -30_000, true),
    ];
    let pdf = renderer().render(report(rows)).await.unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert_eq!(page_count(&pdf), 1);
    let text = text_of(&pdf);
    for expected in [
        "MySpending",
        "Financial Report — March 2026",
        "Jane Doe (jane@example.com)",
        "Account: All Accounts",
        "Generated on 22/11/2026",
        "Page 1 of 1",
        "£2,500.00",
        "£65.50",
        "Net amount (Surplus)",
        "£2,434.50",
        "£1,234.56",
        "Income by Category",
        "Expenses by Category",
        "69.5%",
        "Transfer",
        "-£300.00",
        "01/03/2026",
        "also shows 1 transfer leg, not counted among them",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
}

#[tokio::test]
async fn a_split_row_names_its_parts_categories_and_counts_each_part_in_its_own() {
    let part = |name: &str, pence: i64| (name.to_owned(), "#4CAF50".to_owned(), Money::from_pence(pence));
    let shop = ReportTransaction {
        category: None,
        parts: vec![part("Groceries", -6_100), part("Household", -2_320)],
        ..row(2, "Tesco", None, -8_420, false)
    };
    let pdf = renderer().render(report(vec![shop])).await.unwrap();
    let text = text_of(&pdf);
    for expected in ["Groceries +", "-£84.20", "£61.00", "£23.20", "72.4%", "27.6%"] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
}

#[tokio::test]
async fn a_month_of_two_thousand_transactions_paginates_with_headers_on_every_page() {
    let rows: Vec<_> = (0..2_000)
        .map(|i| {
            let long = if i % 100 == 0 {
                "A very long description that must wrap onto a second line rather than being cut off at the edge"
                    .to_owned()
            } else {
                format!("Purchase number {i}")
            };
            row(1 + (i % 28) as u32, &long, Some("Groceries"), -(100 + i as i64), false)
        })
        .collect();
    let total_pence: i64 = (0..2_000).map(|i| 100 + i as i64).sum();
    let started = std::time::Instant::now();
    let pdf = renderer().render(report(rows)).await.unwrap();
    eprintln!("rendered 2,000 rows in {:?}, {} bytes", started.elapsed(), pdf.len());
    let pages = page_count(&pdf);
    assert!(pages > 20, "{pages} pages");
    let text = text_of(&pdf);
    for page in 1..=pages {
        assert!(text.contains(&format!("Page {page} of {pages}")), "page {page}'s header");
    }
    assert_eq!(text.matches("MySpending").count(), pages, "the title on every page");
    // The column headings repeat on every page the table continues on.
    assert!(text.matches("Description").count() >= pages - 1);
    assert!(text.contains("Purchase number 1\n") || text.contains("Purchase number 1 "), "an early row");
    assert!(text.contains("Purchase number 1999"), "the last row");
    let flowing = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flowing.contains("rather than being cut off at the edge"), "long descriptions wrap instead of being cut");
    assert!(text.contains(&Money::from_pence(total_pence).format_gbp()));
    // Kept as test artefacts: the PDF and a PNG of its first page (when poppler's pdftoppm is there).
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("report-2000-rows.pdf");
    std::fs::write(&file, &pdf).unwrap();
    let _ = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&file)
        .arg(dir.join("report-2000-rows-page-1"))
        .status();
}

#[tokio::test]
async fn an_empty_month_says_so() {
    let pdf = renderer().render(report(vec![])).await.unwrap();
    let text = text_of(&pdf);
    assert!(text.contains("No transactions found for March 2026"), "{text}");
    assert!(text.contains("None in March 2026."));
    assert!(!text.contains("Month by Month"), "a month has no months table");
}

#[tokio::test]
async fn a_year_lists_its_months_before_the_breakdowns() {
    let rows = vec![
        row(1, "Acme Ltd Salary", Some("Salary"), 250_000, false),
        row(2, "Tesco", Some("Groceries"), -4_550, false),
    ];
    let mut months: Vec<(String, MonthFigures)> =
        ["January", "February", "March"].iter().map(|m| ((*m).to_owned(), MonthFigures::default())).collect();
    months[2].1 = MonthFigures {
        income: Money::from_pence(250_000),
        expenses: Money::from_pence(4_550),
        net: Money::from_pence(245_450),
        income_count: 1,
        expense_count: 1,
    };
    months[0].1.expenses = Money::from_pence(1_999);
    months[0].1.net = Money::from_pence(-1_999);
    let pdf = renderer().render(PdfReport { period_label: "2026".into(), months, ..report(rows) }).await.unwrap();
    let text = text_of(&pdf);
    for expected in ["Financial Report — 2026", "Month by Month", "January", "-£19.99", "March", "£2,454.50", "Tesco"]
    {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    assert!(text.find("Month by Month") < text.find("Income by Category"), "months come before the breakdowns");
}
