//! Transactions and transfers, with the stored running balances and month totals kept right
//! inside the same database transaction as every write:
//! - `bookkeeping`: the writes' upkeep of `month_balance`, `account_months` and
//!   `ledger_month_totals`;
//! - `reads`: the filtered page with its count and summary, and the transfers page;
//! - `view`: a row as the screens show it, with its balance after;
//! - `pairs`: two rows made one transfer and separated again, suggested and automatic pairs;
//! - `repository`: [`PgTransactionRepository`], which locks the accounts, checks ownership and
//!   runs each write in one database transaction and each list in one snapshot.

mod bookkeeping;
mod pairs;
mod reads;
mod repository;
mod view;

pub(crate) use pairs::{mark_hinted, pair_automatically, separate_paired};
pub use repository::PgTransactionRepository;
pub(crate) use repository::{
    delete_entries, delete_entry, insert_entries, insert_entry, insert_transfer, recategorise_entries,
    replace_entry_with,
};
pub(crate) use view::load_view;

/// "A declined transaction counts for nothing", in SQL: true when the `transactions` row
/// aliased `t` counts towards balances and totals. The Rust side asks
/// `TransactionStatus::counts`; the two are checked against each other in the tests below.
pub(crate) const COUNTS: &str = "t.status <> 'declined'";

#[cfg(all(test, feature = "test-support"))]
mod tests {
    use diesel::prelude::*;
    use diesel::sql_types::{Bool, Text};
    use domain::transactions::TransactionStatus;

    use super::COUNTS;
    use crate::test_support::TestDb;

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
            let row: Counts = diesel::sql_query(format!("SELECT {COUNTS} AS counts FROM (SELECT $1 AS status) t"))
                .bind::<Text, _>(status.as_str())
                .get_result(&mut conn)
                .expect("evaluate the rule");
            assert_eq!(row.counts, status.counts(), "{status:?}");
        }
    }
}
