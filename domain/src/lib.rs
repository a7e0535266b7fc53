//! MySpending's pure core: value types and business rules.
//!
//! Nothing here performs IO, awaits, or knows about HTTP or SQL. Every value type is
//! parsed once ("parse, don't validate") and carries the spec's user-facing messages
//! when parsing fails, so the server and the forms say the same thing.

pub mod accounts;
pub mod admin;
pub mod banking;
pub mod budgets;
pub mod categories;
pub mod comparison;
pub mod dates;
pub mod exports;
pub mod goals;
pub mod households;
pub mod ids;
pub mod imports;
pub mod inventory;
pub mod money;
pub mod net_worth;
pub mod psd2;
pub mod receipts;
pub mod recurring;
pub mod recurring_analytics;
pub mod reports;
pub mod splits;
pub mod tags;
pub mod tax_year;
pub mod tokens;
pub mod transactions;
pub mod transfers;
pub mod two_factor;
pub mod user;
pub mod validation;

pub use households::Scope;
pub use money::{Money, MoneyParseError};
pub use user::{Email, LoginPassword, NewPassword, PersonName, Role, User, UserId};
pub use validation::ValidationError;
