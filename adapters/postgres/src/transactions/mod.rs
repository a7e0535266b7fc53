//! Transactions and transfers, with the stored running balances and month totals kept right
//! inside the same database transaction as every write:
//! - `bookkeeping`: the writes' upkeep of `month_balance`, `account_months` and
//!   `ledger_month_totals`, a row at a time;
//! - `batch`: the same for many rows at once, in a few set-based statements;
//! - `reads`: the filtered page with its count and summary, and the transfers page;
//! - `view`: a row as the screens show it, with its balance after;
//! - `splits`: the parts of split rows, as the view shows them;
//! - `pairs`: two rows made one transfer and separated again, suggested and automatic pairs;
//! - `transfers`: a transfer's two legs written together, made or rewritten;
//! - `repository`: [`PgTransactionRepository`], which locks the accounts, checks ownership and
//!   runs each write in one database transaction and each list in one snapshot.

mod batch;
mod bookkeeping;
mod filter;
mod pairs;
mod reads;
mod repository;
mod splits;
mod transfers;
mod view;

pub(crate) use pairs::{mark_hinted, pair_automatically, separate_paired};
pub use repository::PgTransactionRepository;
pub(crate) use repository::{
    delete_entries, delete_entry, insert_entries, insert_entry, recategorise_entries, replace_entry_with,
};
pub(crate) use splits::split_kept;
pub(crate) use transfers::insert_transfer;
pub(crate) use view::load_view;

/// "A declined transaction counts for nothing", in SQL: true when the `transactions` row
/// aliased `t` counts towards balances and totals. The Rust side asks
/// `TransactionStatus::counts`; the two are checked against each other in tests/db/database.rs.
macro_rules! counts {
    () => {
        "t.status <> 'declined'"
    };
}
pub(crate) use counts;
