//! PostgreSQL adapter: a connection pool, the embedded migrations, and the repositories.
//!
//! diesel is synchronous, so every query runs on tokio's blocking pool through
//! [`Database::run`]; handlers never block the async threads.

mod database;
mod errors;
mod schema;
mod users;

#[cfg(feature = "test-support")]
pub mod test_support;

pub use database::{Database, PoolSettings};
pub use users::{PgLinkTokenRepository, PgUserRepository};
