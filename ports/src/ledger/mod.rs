//! The ledger: accounts, categories, transactions and transfers.

mod query;
mod repos;
mod service;
#[cfg(test)]
mod tests;

pub use query::{Paging, TransactionQueryInput, DEFAULT_LIMIT, MAX_LIMIT};
pub use repos::*;
pub use service::{AccountView, AccountsOverview, CreditAccountPage, LedgerError, LedgerService};
