//! The database's guarantees the repositories build on: a read snapshot is one repeatable-read,
//! read-only transaction; a write that answers an error leaves nothing behind; the SQL rule of
//! what counts is the domain's.

use adapter_postgres::test_support::{TestDb, COUNTS_SQL};
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};
use domain::transactions::TransactionStatus;
use ports::RepoError;

fn repo(e: diesel::result::Error) -> RepoError {
    RepoError::Unexpected(anyhow::Error::new(e))
}

#[tokio::test]
async fn a_read_snapshot_is_one_repeatable_read_only_transaction() {
    #[derive(QueryableByName)]
    struct Settings {
        #[diesel(sql_type = Text)]
        isolation: String,
        #[diesel(sql_type = Text)]
        read_only: String,
    }
    let t = TestDb::new();
    let settings: Settings = t
        .read_snapshot(|conn| {
            diesel::sql_query(
                "SELECT current_setting('transaction_isolation') AS isolation,
                        current_setting('transaction_read_only') AS read_only",
            )
            .get_result(conn)
            .map_err(repo)
        })
        .await
        .unwrap();
    assert_eq!((settings.isolation.as_str(), settings.read_only.as_str()), ("repeatable read", "on"));
}

#[tokio::test]
async fn a_write_that_answers_an_error_leaves_nothing_behind() {
    #[derive(QueryableByName)]
    struct Gone {
        #[diesel(sql_type = Bool)]
        gone: bool,
    }
    let t = TestDb::new();
    let outcome = t
        .write(|conn| {
            diesel::sql_query("CREATE TABLE written_then_refused (x int)").execute(conn).map_err(repo)?;
            Err::<(), _>(RepoError::NotFound)
        })
        .await;
    assert!(matches!(outcome, Err(RepoError::NotFound)));
    let mut conn = PgConnection::establish(&t.url).expect("connect to the test database");
    let gone: Gone = diesel::sql_query("SELECT to_regclass('written_then_refused') IS NULL AS gone")
        .get_result(&mut conn)
        .expect("look for the table");
    assert!(gone.gone);
}

#[test]
fn the_sql_rule_and_the_domain_agree_on_every_status() {
    #[derive(QueryableByName)]
    struct Counts {
        #[diesel(sql_type = Bool)]
        counts: bool,
    }
    let db = TestDb::new();
    let mut conn = PgConnection::establish(&db.url).expect("connect to the test database");
    for status in [TransactionStatus::Completed, TransactionStatus::Pending, TransactionStatus::Declined] {
        let row: Counts = diesel::sql_query(format!("SELECT {COUNTS_SQL} AS counts FROM (SELECT $1 AS status) t"))
            .bind::<Text, _>(status.as_str())
            .get_result(&mut conn)
            .expect("evaluate the rule");
        assert_eq!(row.counts, status.counts(), "{status:?}");
    }
}
