//! The report repository's tax-year reads on a real database: day totals carry the category's
//! tax treatment, leave out declined rows and other households, and a member's report year.

use crate::support::{day, draft, Ledger};

use adapter_postgres::PgReportRepository;
use domain::categories::{CategoryDraft, CategoryInput};
use domain::tax_year::{ReportYear, TaxTreatment};
use domain::transactions::TransactionStatus;
use domain::{Money, UserId};
use ports::ledger::{CategoryRepository, TransactionRepository};
use ports::reports::ReportRepository;
use ports::RepoError;

#[tokio::test]
async fn day_totals_carry_the_tax_treatment_and_only_the_households_counted_rows() {
    let l = Ledger::new();
    let reports = PgReportRepository::new(l.t.db.clone());
    let jane = l.user("jane@example.com").await;
    let olly = l.user("olly@example.com").await;
    let input = CategoryInput {
        name: "Freelance".into(),
        kind: Some("income".into()),
        tax_treatment: Some(Some("income".into())),
        ..Default::default()
    };
    let freelance = l.categories.create(jane, CategoryDraft::parse(&input).unwrap(), false).await.unwrap();
    assert_eq!(freelance.tax_treatment, Some(TaxTreatment::Income));
    let current = l.account(jane, "Current", "0").await;
    let groceries = l.category(jane, "Groceries").await;
    l.add(jane, current, freelance.id, 10_000, day(2025, 4, 5)).await;
    l.add(jane, current, freelance.id, 20_000, day(2025, 4, 6)).await;
    l.add(jane, current, freelance.id, 5_000, day(2025, 4, 6)).await;
    l.add(jane, current, groceries, -1_500, day(2025, 4, 6)).await;
    let declined = draft(current, groceries, -9_999, day(2025, 4, 6));
    l.transactions
        .create(jane, domain::transactions::TransactionDraft { status: TransactionStatus::Declined, ..declined })
        .await
        .unwrap();
    let theirs = l.account(olly, "Theirs", "0").await;
    let their_groceries = l.category(olly, "Groceries").await;
    l.add(olly, theirs, their_groceries, -7_000, day(2025, 4, 6)).await;

    let days = reports.day_totals(jane, day(2025, 4, 6), day(2026, 4, 6)).await.unwrap();
    let mut seen: Vec<(String, Option<TaxTreatment>, Money, i64)> =
        days.iter().map(|d| (d.total.name.clone(), d.tax_treatment, d.total.total, d.total.count)).collect();
    seen.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        seen,
        vec![
            ("Freelance".into(), Some(TaxTreatment::Income), Money::from_pence(25_000), 2),
            ("Groceries".into(), None, Money::from_pence(-1_500), 1),
        ],
        "5 April is the year before; declined rows and another household's are not counted"
    );
    assert!(days.iter().all(|d| d.day == day(2025, 4, 6)));
}

#[tokio::test]
async fn a_report_year_is_calendar_until_chosen_and_an_unknown_user_is_not_found() {
    let l = Ledger::new();
    let reports = PgReportRepository::new(l.t.db.clone());
    let jane = l.user("jane@example.com").await;
    assert_eq!(reports.report_year(jane.member).await.unwrap(), ReportYear::Calendar);
    reports.set_report_year(jane.member, ReportYear::Tax).await.unwrap();
    assert_eq!(reports.report_year(jane.member).await.unwrap(), ReportYear::Tax);
    let nobody = UserId(uuid::Uuid::new_v4());
    assert!(matches!(reports.report_year(nobody).await, Err(RepoError::NotFound)));
    assert!(matches!(reports.set_report_year(nobody, ReportYear::Tax).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn account_months_open_with_the_months_before_and_list_the_nets_in_range() {
    let l = Ledger::new();
    let reports = PgReportRepository::new(l.t.db.clone());
    let jane = l.user("jane@example.com").await;
    let olly = l.user("olly@example.com").await;
    let current = l.account(jane, "Current", "100.00").await;
    let groceries = l.category(jane, "Groceries").await;
    l.add(jane, current, groceries, -1_000, day(2026, 1, 10)).await;
    l.add(jane, current, groceries, -2_000, day(2026, 2, 10)).await;
    l.add(jane, current, groceries, -3_000, day(2026, 2, 20)).await;
    l.add(jane, current, groceries, -4_000, day(2026, 4, 1)).await;
    let theirs = l.account(olly, "Theirs", "5.00").await;
    let _ = theirs;

    let month = |m| domain::dates::CalendarMonth::new(2026, m).unwrap();
    let accounts = reports.account_months(jane, month(2), month(4)).await.unwrap();
    assert_eq!(accounts.len(), 1, "only the household's accounts");
    assert_eq!(accounts[0].opening, Money::from_pence(10_000 - 1_000), "January is before the range");
    assert_eq!(accounts[0].nets, vec![(month(2), Money::from_pence(-5_000))], "April is after it");
}
