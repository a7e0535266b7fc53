use chrono::{NaiveDate, TimeZone, Utc};
use mockall::predicate::eq;

use uuid::Uuid;

use domain::{Scope, UserId};

use super::*;
use crate::clock::MockClock;
use crate::statements::ColumnMapping;

const USER: Scope = Scope::solo(UserId(Uuid::nil()));
const ACCOUNT: AccountId = AccountId(Uuid::from_u128(1));

fn clock() -> Arc<MockClock> {
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 3, 10, 12, 0, 0).unwrap());
    Arc::new(clock)
}

fn row(line: u32, day: u32, pence: i64, description: &str) -> StatementRow {
    StatementRow {
        line,
        date: NaiveDate::from_ymd_opt(2026, 3, day).unwrap(),
        description: description.into(),
        amount: Money::from_pence(pence),
        external_id: None,
        category: None,
        notes: String::new(),
        tags: vec![],
    }
}

fn statement(rows: Vec<StatementRow>, needs_mapping: bool) -> ParsedStatement {
    ParsedStatement {
        format: StatementFormat::Csv,
        preset: if needs_mapping { "generic" } else { "monzo" }.into(),
        columns: vec!["Date".into(), "What".into(), "Money".into()],
        mapping: Some(ColumnMapping::default()),
        needs_mapping,
        rows,
        problems: vec![],
    }
}

fn stored() -> StoredImport {
    StoredImport {
        id: ImportId(Uuid::from_u128(9)),
        account_id: None,
        file_name: "a.csv".into(),
        format: StatementFormat::Csv,
        preset: "generic".into(),
        committed_at: None,
        added: 0,
        duplicates: 0,
        created_at: Utc.with_ymd_and_hms(2026, 3, 10, 12, 0, 0).unwrap(),
    }
}

fn repo_with_account() -> MockImportRepository {
    let mut repo = MockImportRepository::new();
    repo.expect_has_account().returning(|_, a| Ok(a == ACCOUNT));
    repo.expect_create().returning(|_, _, _, _, _| Ok(stored()));
    repo.expect_categoriser().returning(|_| Ok(Categoriser::default()));
    repo
}

#[tokio::test]
async fn a_guessed_csv_is_read_again_with_the_accounts_remembered_mapping() {
    let remembered = ColumnMapping { date: "Date".into(), description: "What".into(), ..ColumnMapping::default() };
    let mut repo = repo_with_account();
    let wanted = remembered.clone();
    repo.expect_mapping().with(eq(USER), eq(ACCOUNT)).returning(move |_, _| Ok(Some(wanted.clone())));
    repo.expect_existing().returning(|_, _, _, _, _| Ok(vec![]));
    let mut reader = MockStatementReader::new();
    reader.expect_read().withf(|_, _, m| m.is_none()).returning(|_, _, _| Ok(Ok(statement(vec![], true))));
    let expected = remembered.clone();
    reader
        .expect_read()
        .withf(move |_, _, m| m.as_ref() == Some(&expected))
        .returning(|_, _, _| Ok(Ok(statement(vec![row(2, 3, -120, "Milk")], true))));
    let service = ImportService::new(Arc::new(reader), Arc::new(repo), clock());
    let preview = service.upload(USER, "a.csv".into(), b"x".to_vec(), Some(ACCOUNT)).await.unwrap();
    assert!(!preview.needs_mapping);
    assert_eq!(preview.rows.len(), 1);
    assert_eq!(preview.new_count, 1);
}

#[tokio::test]
async fn rows_after_today_are_reported_not_imported() {
    let mut reader = MockStatementReader::new();
    reader.expect_read().returning(|_, _, _| {
        Ok(Ok(statement(vec![row(2, 9, -100, "Yesterday"), row(3, 11, -100, "Tomorrow")], false)))
    });
    let service = ImportService::new(Arc::new(reader), Arc::new(repo_with_account()), clock());
    let preview = service.upload(USER, "a.csv".into(), b"x".to_vec(), None).await.unwrap();
    assert_eq!(preview.rows.iter().map(|r| r.description.as_str()).collect::<Vec<_>>(), ["Yesterday"]);
    assert_eq!(preview.problems, [RowProblem { line: 3, message: "Date 11/03/2026 is in the future".into() }]);
}

#[tokio::test]
async fn a_commit_needs_the_users_account() {
    let reader = MockStatementReader::new();
    let service = ImportService::new(Arc::new(reader), Arc::new(repo_with_account()), clock());
    let err = service.commit(USER, ImportId(Uuid::nil()), None, None).await.unwrap_err();
    assert_eq!(err.to_string(), "Account is required");
    let err = service.commit(USER, ImportId(Uuid::nil()), Some(AccountId(Uuid::from_u128(2))), None).await.unwrap_err();
    assert_eq!(err.to_string(), "Account not found");
}

#[tokio::test]
async fn a_busy_reader_is_busy_and_nothing_is_stored() {
    let mut reader = MockStatementReader::new();
    reader.expect_read().returning(|_, _, _| Err(WorkError::Busy));
    let mut repo = MockImportRepository::new();
    repo.expect_create().never();
    let service = ImportService::new(Arc::new(reader), Arc::new(repo), clock());
    let err = service.upload(USER, "a.csv".into(), b"x".to_vec(), None).await.unwrap_err();
    assert!(matches!(err, ImportError::Work(WorkError::Busy)));
}

#[test]
fn long_descriptions_are_cut_and_empty_ones_named() {
    let long = ImportRow::from(row(1, 1, -1, &"x".repeat(300)));
    assert_eq!(long.description.chars().count(), DESCRIPTION_MAX);
    assert_eq!(ImportRow::from(row(1, 1, -1, "  ")).description, "Imported transaction");
}
