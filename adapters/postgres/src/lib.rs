//! PostgreSQL adapter: a connection pool, the embedded migrations, and the repositories.
//!
//! diesel is synchronous, so every query runs on tokio's blocking pool through
//! `Database::run` (or `Database::write`, one database transaction, and
//! `Database::read_snapshot`, one consistent read); handlers never block the async threads.

mod accounts;
mod backup;
mod banking;
mod budgets;
mod categories;
mod category_names;
mod database;
mod errors;
mod goals;
mod households;
mod idempotency;
mod imports;
mod inventory;
mod link_tokens;
mod loader;
mod receipts;
mod recurring;
mod reports;
mod rules;
mod sessions;
mod statements;
mod tags;
mod tokens;
mod transactions;
mod users;
mod verify;
mod visibility;

#[cfg(feature = "test-support")]
pub mod test_support;

pub use accounts::PgAccountRepository;
pub use backup::PgBackupRepository;
pub use banking::PgBankRepository;
pub use budgets::PgBudgetRepository;
pub use categories::PgCategoryRepository;
pub use database::{Database, PoolSettings};
pub use goals::PgGoalRepository;
pub use households::PgHouseholdRepository;
pub use idempotency::PgIdempotencyStore;
pub use imports::PgImportRepository;
pub use inventory::PgInventoryRepository;
pub use link_tokens::PgLinkTokenRepository;
pub use loader::PgLedgerLoader;
pub use receipts::PgReceiptRepository;
pub use recurring::PgRecurringRepository;
pub use reports::PgReportRepository;
pub use rules::PgRuleRepository;
pub use sessions::PgSessionRepository;
pub use tags::PgTagRepository;
pub use tokens::PgTokenRepository;
pub use transactions::PgTransactionRepository;
pub use users::PgUserRepository;
pub use verify::PgLedgerCheck;
