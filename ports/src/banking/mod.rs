//! Bank linking: connecting a bank through a provider (Plaid, or the built-in demo bank),
//! importing its accounts and transactions, keeping them in sync, reconnecting and
//! disconnecting. The provider is a port; the translation rules are `domain::banking`'s; the
//! repository stores a whole sync in one database transaction with its cursor.
//!
//! - `provider`: the bank provider port ([`BankProvider`]) and what it answers;
//! - `repository`: the storage port ([`BankRepository`]): connections, their accounts and a
//!   sync's batch;
//! - `service`: the use case ([`BankService`]) and its errors.

mod provider;
mod repository;
mod service;
#[cfg(test)]
mod tests;

pub use provider::*;
pub use repository::*;
pub use service::*;
