//! The ledger: accounts, categories, transactions and transfers.

mod repos;
mod service;
#[cfg(test)]
mod tests;

pub use repos::*;
pub use service::{AccountView, AccountsOverview, CreditAccountPage, LedgerError, LedgerService};
