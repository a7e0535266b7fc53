//! Imports on a real database: a commit writes its rows in bulk, interleaved with rows already
//! in the account (declined ones too), and the books stay exactly as if every row had been
//! added one by one: each row's month balance, the account's months and the month totals equal
//! what recomputing them from the rows gives. Undo takes exactly the import's rows away.

use crate::support::{new_user, number};
use adapter_postgres::test_support::TestDb;
use adapter_postgres::{PgAccountRepository, PgImportRepository, PgTransactionRepository};
use chrono::NaiveDate;
use domain::accounts::{AccountDraft, AccountName, AccountType};
use domain::transactions::{TransactionDraft, TransactionStatus, TransactionType};
use domain::{Money, Scope};
use ports::imports::{ImportRepository, ImportRow};
use ports::ledger::{AccountRepository, CategoryRepository, TransactionRepository};
use ports::rules::RuleRepository;
use ports::statements::StatementFormat;

/// Rows, account months and month totals that differ from a recomputation from the rows.
fn books_out_of_step(t: &TestDb) -> i64 {
    number(
        t,
        "SELECT (
           (SELECT count(*) FROM (
              SELECT month_balance, SUM(CASE WHEN status <> 'declined' THEN amount ELSE 0 END)
                       OVER (PARTITION BY account_id, date_trunc('month', date) ORDER BY date, seq) AS running
              FROM transactions) r WHERE r.month_balance <> r.running)
         + (SELECT count(*) FROM (
              SELECT account_id, date_trunc('month', date)::date AS month,
                     SUM(amount) FILTER (WHERE status <> 'declined') AS net
              FROM transactions GROUP BY 1, 2) s
            FULL JOIN (SELECT * FROM account_months WHERE net <> 0) m USING (account_id, month)
            WHERE COALESCE(s.net, 0) IS DISTINCT FROM COALESCE(m.net, 0))
         + (SELECT count(*) FROM (
              SELECT household_id, date_trunc('month', date)::date AS month, account_id, category_id, type, is_transfer,
                     COALESCE(SUM(amount) FILTER (WHERE status <> 'declined'), 0) AS total, count(*) AS row_count,
                     count(*) FILTER (WHERE status <> 'declined') AS counted_count
              FROM transactions GROUP BY 1, 2, 3, 4, 5, 6) s
            FULL JOIN (SELECT * FROM ledger_month_totals WHERE row_count <> 0) l
              USING (household_id, month, account_id, category_id, type, is_transfer)
            WHERE (s.total, s.row_count, s.counted_count) IS DISTINCT FROM (l.total, l.row_count, l.counted_count))
         )::bigint AS n",
    )
}

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 10, d).unwrap()
}

#[tokio::test]
async fn a_bulk_commit_keeps_the_books_as_rows_added_one_by_one_would_and_undo_restores_them() {
    let t = TestDb::new();
    let user: Scope = new_user(&t, "Ida Imports", "ida@example.com").await;
    let draft = AccountDraft {
        name: AccountName::parse("Current").unwrap(),
        account_type: AccountType::Current,
        initial_balance: Money::from_pence(10_000),
        credit_limit: None,
        visibility: None,
    };
    let account = PgAccountRepository::new(t.db.clone()).create(user, draft).await.unwrap().id;
    let categories = adapter_postgres::PgCategoryRepository::new(t.db.clone()).list(user).await.unwrap();
    let groceries = categories.iter().find(|(c, _)| c.name == "Groceries").unwrap().0.id;
    let ledger = PgTransactionRepository::new(t.db.clone());
    // Rows already there: across two months, one declined, one in the next month.
    for (d, pence, status) in [
        (3, -1_000, TransactionStatus::Completed),
        (10, -2_500, TransactionStatus::Declined),
        (20, 50_000, TransactionStatus::Completed),
        (28, -700, TransactionStatus::Pending),
    ] {
        let draft = TransactionDraft {
            amount: Money::from_pence(pence),
            description: format!("Stored {d}"),
            transaction_type: if pence < 0 { TransactionType::Expense } else { TransactionType::Income },
            allocation: domain::splits::Allocation::Category(groceries),
            account_id: account,
            date: day(d),
            notes: String::new(),
            status,
            tags: None,
        };
        ledger.create(user, draft).await.unwrap();
    }
    let balance_before = number(
        &t,
        "SELECT ((SELECT initial_balance FROM accounts) + (SELECT SUM(net) FROM account_months))::bigint AS n",
    );
    let imports = PgImportRepository::new(t.db.clone());
    let import =
        imports.create(user, "s.csv".into(), StatementFormat::Csv, "generic".into(), b"x".to_vec()).await.unwrap();
    let rows: Vec<ImportRow> = [(1, -300), (3, -1_000), (3, -450), (15, -99), (20, 1_250), (31, -5_000)]
        .into_iter()
        .enumerate()
        .map(|(i, (d, pence))| ImportRow {
            line: i as u32 + 2,
            date: day(d),
            description: format!("Imported {i}"),
            amount: Money::from_pence(pence),
            external_id: Some(format!("id-{i}")),
            label: Some("groceries".into()),
            notes: String::new(),
            tags: vec![],
        })
        .collect();
    let outcome = imports.commit(user, import.id, account, rows, None).await.unwrap();
    assert_eq!((outcome.added, outcome.duplicates), (6, 0));
    assert_eq!(books_out_of_step(&t), 0, "the books match a recomputation from the rows");
    assert_eq!(
        number(
            &t,
            "SELECT ((SELECT initial_balance FROM accounts) + (SELECT SUM(net) FROM account_months))::bigint AS n"
        ),
        balance_before - 300 - 1_000 - 450 - 99 + 1_250 - 5_000
    );
    assert_eq!(
        number(&t, "SELECT count(*) AS n FROM transactions WHERE external_id LIKE 'id-%' AND import_id IS NOT NULL"),
        6
    );

    // A rule applied to the stored rows moves them between category buckets; the books hold.
    let eating_out = categories.iter().find(|(c, _)| c.name == "Eating Out").unwrap().0.id;
    let rules = adapter_postgres::PgRuleRepository::new(t.db.clone());
    let rule = domain::imports::RuleDraft::parse(&domain::imports::RuleInput {
        match_type: "startsWith".into(),
        pattern: "imported".into(),
        category_id: eating_out.0.to_string(),
        rename: Some("Renamed".into()),
        ..Default::default()
    })
    .unwrap();
    rules.create(user, rule).await.unwrap();
    let applied = rules.apply(user, None, false).await.unwrap();
    assert_eq!((applied.matched, applied.changed), (6, 6));
    assert_eq!(books_out_of_step(&t), 0, "the books match after the rule moved the rows");
    assert_eq!(
        number(
            &t,
            &format!(
                "SELECT count(*) AS n FROM transactions WHERE description = 'Renamed' AND category_id = '{}'",
                eating_out.0
            )
        ),
        6
    );

    // A manual row after the import lands after the imported ones of its day, and the books hold.
    let late = TransactionDraft {
        amount: Money::from_pence(-1),
        description: "Later".into(),
        transaction_type: TransactionType::Expense,
        allocation: domain::splits::Allocation::Category(groceries),
        account_id: account,
        date: day(3),
        notes: String::new(),
        status: TransactionStatus::Completed,
        tags: None,
    };
    ledger.create(user, late).await.unwrap();
    assert_eq!(books_out_of_step(&t), 0);

    assert_eq!(imports.undo(user, import.id).await.unwrap(), 6);
    assert_eq!(books_out_of_step(&t), 0);
    assert_eq!(number(&t, "SELECT count(*) AS n FROM transactions"), 5);
    assert_eq!(
        number(
            &t,
            "SELECT ((SELECT initial_balance FROM accounts) + (SELECT SUM(net) FROM account_months))::bigint AS n"
        ),
        balance_before - 1
    );
}
